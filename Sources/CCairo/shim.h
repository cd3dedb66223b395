// SPDX-License-Identifier: Apache-2.0
#include <cairo.h>
#include <pango/pangocairo.h>
#include <pixman.h>
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

/// FreeType's version needs a library instance; 0.0.0 when FreeType cannot start.
static inline void segue_freetype_version(int *major, int *minor, int *patch) {
    FT_Library library;
    *major = *minor = *patch = 0;
    if (FT_Init_FreeType(&library) == 0) {
        FT_Library_Version(library, major, minor, patch);
        FT_Done_FreeType(library);
    }
}
