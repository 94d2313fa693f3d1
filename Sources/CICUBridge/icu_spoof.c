// icu_spoof: the UTS #39 checks of bidirender_icu.h (restriction level, skeleton, confusability)
// on ICU4C's spoof checker (uspoof, in libicui18n).
#include "bidirender_icu.h"

#include <pthread.h>
#include <unicode/uspoof.h>

// One checker for the process, opened on first use and never changed after: ICU's check, skeleton
// and confusability calls only read a configured checker, so threads share it. It lives as long as
// the process, as ICU's own data caches do.
static USpoofChecker *shared_checker = NULL;
static pthread_once_t shared_once = PTHREAD_ONCE_INIT;

static void open_shared(void) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = uspoof_open(&status);
    if (U_FAILURE(status)) return;
    // The restriction level is reported (USPOOF_AUX_INFO), not enforced: every level passes.
    uspoof_setChecks(checker, USPOOF_RESTRICTION_LEVEL | USPOOF_AUX_INFO | USPOOF_CONFUSABLE, &status);
    uspoof_setRestrictionLevel(checker, USPOOF_UNRESTRICTIVE);
    if (U_FAILURE(status)) {
        uspoof_close(checker);
        return;
    }
    shared_checker = checker;
}

static const USpoofChecker *checker(void) {
    pthread_once(&shared_once, open_shared);
    return shared_checker;
}

int br_spoof_restriction_level(const uint16_t *text, int32_t length) {
    const USpoofChecker *sc = checker();
    if (!sc || !text || length <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    USpoofCheckResult *result = uspoof_openCheckResult(&status);
    if (U_FAILURE(status)) return -1;
    uspoof_check2(sc, (const UChar *)text, length, result, &status);
    URestrictionLevel level = uspoof_getCheckResultRestrictionLevel(result, &status);
    uspoof_closeCheckResult(result);
    if (U_FAILURE(status)) return -1;
    switch (level) {
    case USPOOF_ASCII: return BR_RESTRICTION_ASCII;
    case USPOOF_SINGLE_SCRIPT_RESTRICTIVE: return BR_RESTRICTION_SINGLE_SCRIPT;
    case USPOOF_HIGHLY_RESTRICTIVE: return BR_RESTRICTION_HIGHLY;
    case USPOOF_MODERATELY_RESTRICTIVE: return BR_RESTRICTION_MODERATELY;
    case USPOOF_MINIMALLY_RESTRICTIVE: return BR_RESTRICTION_MINIMALLY;
    default: return BR_RESTRICTION_UNRESTRICTIVE;
    }
}

int32_t br_spoof_skeleton(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    const USpoofChecker *sc = checker();
    if (!sc || !text || length < 0 || capacity < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = uspoof_getSkeleton(sc, 0, (const UChar *)text, length, (UChar *)out, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return needed;
    if (U_FAILURE(status)) return -1;
    return needed;
}

int br_spoof_confusable(const uint16_t *a, int32_t a_length, const uint16_t *b, int32_t b_length) {
    const USpoofChecker *sc = checker();
    if (!sc || !a || !b || a_length < 0 || b_length < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t result = uspoof_areConfusable(sc, (const UChar *)a, a_length, (const UChar *)b, b_length, &status);
    if (U_FAILURE(status)) return -1;
    int out = 0;
    if (result & USPOOF_SINGLE_SCRIPT_CONFUSABLE) out |= BR_CONFUSABLE_SINGLE_SCRIPT;
    if (result & USPOOF_MIXED_SCRIPT_CONFUSABLE) out |= BR_CONFUSABLE_MIXED_SCRIPT;
    if (result & USPOOF_WHOLE_SCRIPT_CONFUSABLE) out |= BR_CONFUSABLE_WHOLE_SCRIPT;
    return out;
}
