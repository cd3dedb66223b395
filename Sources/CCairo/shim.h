#include <cairo.h>
#include <pango/pangocairo.h>
#include <pixman.h>
