// Found through the Makefile's $(INC_DIR).
#pragma once

typedef enum { MODE_DOUBLE = 0, MODE_HALF = 1 } scale_mode_t;
