// CRaqm: libraqm (with FreeType) for the benchmark's raqm baseline.
#include <raqm.h>
