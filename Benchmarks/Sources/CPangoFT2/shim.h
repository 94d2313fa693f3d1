// CPangoFT2: Pango's FreeType/fontconfig backend (pangoft2, with pangofc and fontconfig) for the
// benchmark's Pango baseline.
#include <pango/pangoft2.h>
