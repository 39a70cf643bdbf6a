// Found through the Makefile's -I./common.
#pragma once

#define STEP 3.0f
