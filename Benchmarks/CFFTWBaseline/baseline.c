#include "CFFTWBaseline.h"
