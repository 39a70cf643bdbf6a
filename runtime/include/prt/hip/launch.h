// prt/hip/launch.h: the launch is the GPU backend's (prt/gpu/launch.h).
#pragma once

#include "prt/gpu/launch.h"
