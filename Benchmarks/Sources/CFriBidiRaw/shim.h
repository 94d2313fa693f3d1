// CFriBidiRaw: FriBidi's headers for the benchmark's raw C baseline.
#include <fribidi.h>
