#ifndef LOCOMOTION_CFFTW_SHIM_H
#define LOCOMOTION_CFFTW_SHIM_H
#include <fftw3.h>
#endif
