#include "CFFTWBaseline.h"

#include <fftw3.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct CFFTWBaseline {
    int n;
    int probe_bin;
    double *input;
    fftw_complex *output;
    fftw_plan plan;
    double checksum;
};

static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

CFFTWBaseline *cfftw_baseline_create(int n, const double *samples) {
    if (n < 1) return NULL;
    CFFTWBaseline *baseline = calloc(1, sizeof *baseline);
    if (baseline == NULL) return NULL;
    baseline->n = n;
    baseline->probe_bin = n >= 2 ? 1 : 0;
    baseline->input = fftw_alloc_real((size_t)n);
    baseline->output = fftw_alloc_complex((size_t)n / 2 + 1);
    if (baseline->input != NULL && baseline->output != NULL) {
        /* Same flags as RealFFTPlan's default rigor; FFTW_ESTIMATE leaves the arrays alone. */
        baseline->plan = fftw_plan_dft_r2c_1d(n, baseline->input, baseline->output, FFTW_ESTIMATE);
    }
    if (baseline->plan == NULL) {
        cfftw_baseline_destroy(baseline);
        return NULL;
    }
    memcpy(baseline->input, samples, (size_t)n * sizeof(double));
    memset(baseline->output, 0, ((size_t)n / 2 + 1) * sizeof(fftw_complex));
    return baseline;
}

void cfftw_baseline_destroy(CFFTWBaseline *baseline) {
    if (baseline == NULL) return;
    if (baseline->plan != NULL) fftw_destroy_plan(baseline->plan);
    fftw_free(baseline->input);
    fftw_free(baseline->output);
    free(baseline);
}

int cfftw_baseline_count(const CFFTWBaseline *baseline) { return baseline->n; }

uint64_t cfftw_baseline_run(CFFTWBaseline *baseline, int64_t iterations) {
    const fftw_plan plan = baseline->plan;
    const fftw_complex *probe = &baseline->output[baseline->probe_bin];
    double sum = 0;
    const uint64_t start = monotonic_ns();
    for (int64_t iteration = 0; iteration < iterations; iteration++) {
        fftw_execute(plan);
        sum += (*probe)[0];
    }
    const uint64_t end = monotonic_ns();
    baseline->checksum += sum;
    return end - start;
}

double cfftw_baseline_checksum(const CFFTWBaseline *baseline) { return baseline->checksum; }

const double *cfftw_baseline_output(const CFFTWBaseline *baseline) {
    return (const double *)baseline->output;
}

int cfftw_baseline_input_alignment(const CFFTWBaseline *baseline) {
    return fftw_alignment_of(baseline->input);
}

int cfftw_baseline_output_alignment(const CFFTWBaseline *baseline) {
    return fftw_alignment_of((double *)baseline->output);
}

int cfftw_baseline_alignment_of(const void *pointer) {
    return fftw_alignment_of((double *)pointer);
}
