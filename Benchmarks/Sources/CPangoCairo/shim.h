// CPangoCairo: Pango's Cairo backend (pangocairo on its fontconfig font map) and Cairo's image
// surfaces, for the benchmark's Pango + Cairo rendering baseline.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo.h>
