// icu_idna: a domain name's Unicode form (UTS #46 ToUnicode, ICU's uidna), for the text guard: a
// host written in Punycode ("xn--pypal-4ve.com") is checked as the reader's browser shows it.
#include "bidirender_icu.h"

#include <pthread.h>
#include <unicode/uidna.h>

// One converter for the process, opened on first use and never changed after: uidna's conversions
// only read it, so threads share it. It lives as long as the process, as ICU's data caches do.
static UIDNA *shared_idna = NULL;
static pthread_once_t shared_idna_once = PTHREAD_ONCE_INIT;

static void open_idna(void) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_CHECK_BIDI, &status);
    if (U_FAILURE(status)) return;
    shared_idna = idna;
}

int32_t br_idna_to_unicode(const char *name, int32_t length, char *out, int32_t capacity) {
    pthread_once(&shared_idna_once, open_idna);
    if (!shared_idna || !name || length < 0 || capacity < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t needed = uidna_nameToUnicodeUTF8(shared_idna, name, length, out, capacity, &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return needed;
    if (U_FAILURE(status) || info.errors != 0) return -1;
    return needed;
}
