#ifndef TRADECHART_CKERNELS_H
#define TRADECHART_CKERNELS_H

// Arithmetic kernels the core calls in its hottest loops, written in C because Swift does not
// compile them as well: inline functions of this header, compiled into the Swift code that
// calls them (no call). No state, no system call: pure functions of their arguments.

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// The smallest value, the largest and the sum of the `count` values from `values` (a
/// multiple of 8, at least 8): packed comparisons, four values each where the build is for a
/// processor with AVX (`make build`'s TARGET_CPU: `tc_extremes_avx`), else two
/// (`tc_extremes_sse2`), in two chains that overlap. Each minimum is `x < m ? x : m` and each
/// maximum `x > m ? x : m` (the processor's), so among equal values (only +0 and -0 differ)
/// the lanes keep whichever the order gives: a caller that cares about the sign of a zero
/// extreme looks again. The sum is a NaN when a value is one (or when +infinity meets
/// -infinity): a cheap test for a NaN among the values.
/// (Elsewhere than on x86-64, one value at a time, in order.)
#if defined(__x86_64__)
static inline void tc_extremes_sse2(const double *values, long count, double *lowest, double *highest, double *sum);
__attribute__((target("avx")))
static inline void tc_extremes_avx(const double *values, long count, double *lowest, double *highest, double *sum);
#endif

static inline void tc_extremes(const double *values, long count, double *lowest, double *highest, double *sum) {
#if defined(__x86_64__) && defined(__AVX__)
    tc_extremes_avx(values, count, lowest, highest, sum);
#elif defined(__x86_64__)
    tc_extremes_sse2(values, count, lowest, highest, sum);
#else
    double low = values[0], high = values[0], total = values[0];
    for (long k = 1; k < count; k++) {
        double x = values[k];
        low = x < low ? x : low;
        high = x > high ? x : high;
        total += x;
    }
    *lowest = low;
    *highest = high;
    *sum = total;
#endif
}

#if defined(__x86_64__)

/// The last step of both: the two lanes left of each, the lowest, highest and sum written out.
static inline void tc_extremes_finish(__m128d low, __m128d high, __m128d total, double *lowest, double *highest, double *sum) {
    low = _mm_min_sd(_mm_unpackhi_pd(low, low), low);
    high = _mm_max_sd(_mm_unpackhi_pd(high, high), high);
    total = _mm_add_sd(_mm_unpackhi_pd(total, total), total);
    *lowest = _mm_cvtsd_f64(low);
    *highest = _mm_cvtsd_f64(high);
    *sum = _mm_cvtsd_f64(total);
}

/// `tc_extremes` two values a comparison (any x86-64).
static inline void tc_extremes_sse2(const double *values, long count, double *lowest, double *highest, double *sum) {
    __m128d a = _mm_loadu_pd(values), b = _mm_loadu_pd(values + 2);
    __m128d lowA = a, highA = a, lowB = b, highB = b, total = _mm_add_pd(a, b);
    for (long k = 4; k < count; k += 4) {
        __m128d c = _mm_loadu_pd(values + k), d = _mm_loadu_pd(values + k + 2);
        lowA = _mm_min_pd(c, lowA);
        highA = _mm_max_pd(c, highA);
        lowB = _mm_min_pd(d, lowB);
        highB = _mm_max_pd(d, highB);
        total = _mm_add_pd(total, _mm_add_pd(c, d));
    }
    __m128d low = _mm_min_pd(lowB, lowA), high = _mm_max_pd(highB, highA);
    tc_extremes_finish(low, high, total, lowest, highest, sum);
}

/// `tc_extremes` four values a comparison: only on a processor with AVX (the tests call it
/// where /proc/cpuinfo lists avx; a build for such a processor inlines it into the core).
__attribute__((target("avx")))
static inline void tc_extremes_avx(const double *values, long count, double *lowest, double *highest, double *sum) {
    __m256d a = _mm256_loadu_pd(values), b = _mm256_loadu_pd(values + 4);
    __m256d lowA = a, highA = a, lowB = b, highB = b, probe = _mm256_add_pd(a, b);
    for (long k = 8; k < count; k += 8) {
        __m256d c = _mm256_loadu_pd(values + k), d = _mm256_loadu_pd(values + k + 4);
        lowA = _mm256_min_pd(c, lowA);
        highA = _mm256_max_pd(c, highA);
        lowB = _mm256_min_pd(d, lowB);
        highB = _mm256_max_pd(d, highB);
        probe = _mm256_add_pd(probe, _mm256_add_pd(c, d));
    }
    lowA = _mm256_min_pd(lowB, lowA);
    highA = _mm256_max_pd(highB, highA);
    __m128d low = _mm_min_pd(_mm256_extractf128_pd(lowA, 1), _mm256_castpd256_pd128(lowA));
    __m128d high = _mm_max_pd(_mm256_extractf128_pd(highA, 1), _mm256_castpd256_pd128(highA));
    __m128d total = _mm_add_pd(_mm256_extractf128_pd(probe, 1), _mm256_castpd256_pd128(probe));
    tc_extremes_finish(low, high, total, lowest, highest, sum);
}

#endif

/// Writes, for each of the `count` bars from `high`, `low` and `close`, the pair (high,
/// -low) to `pairs` (two values a bar), a left-out high or low (a NaN) taken as the bar's
/// close: the signed extremes of a window of bars are then the largest of each lane. Four
/// bars at a time where the build is for a processor with AVX (`tc_bar_pairs_avx`), else two
/// (`tc_bar_pairs_sse2`), else one (`tc_bar_pairs_from`, which also takes the bars left over).
static inline void tc_bar_pairs_from(long i, const double *high, const double *low, const double *close, long count,
                                     double *pairs) {
    for (; i < count; i++) {
        double h = high[i], l = low[i], c = close[i];
        pairs[2 * i] = h != h ? c : h;
        pairs[2 * i + 1] = -(l != l ? c : l);
    }
}

#if defined(__x86_64__)
static inline void tc_bar_pairs_sse2(const double *high, const double *low, const double *close, long count, double *pairs) {
    const __m128d negative = _mm_set1_pd(-0.0);
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        __m128d h = _mm_loadu_pd(high + i), l = _mm_loadu_pd(low + i), c = _mm_loadu_pd(close + i);
        __m128d hNaN = _mm_cmpunord_pd(h, h), lNaN = _mm_cmpunord_pd(l, l);
        h = _mm_or_pd(_mm_andnot_pd(hNaN, h), _mm_and_pd(hNaN, c));
        l = _mm_xor_pd(_mm_or_pd(_mm_andnot_pd(lNaN, l), _mm_and_pd(lNaN, c)), negative);
        _mm_storeu_pd(pairs + 2 * i, _mm_unpacklo_pd(h, l));
        _mm_storeu_pd(pairs + 2 * i + 2, _mm_unpackhi_pd(h, l));
    }
    tc_bar_pairs_from(i, high, low, close, count, pairs);
}

__attribute__((target("avx")))
static inline void tc_bar_pairs_avx(const double *high, const double *low, const double *close, long count, double *pairs) {
    const __m256d negative = _mm256_set1_pd(-0.0);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d h = _mm256_loadu_pd(high + i), l = _mm256_loadu_pd(low + i), c = _mm256_loadu_pd(close + i);
        h = _mm256_blendv_pd(h, c, _mm256_cmp_pd(h, h, _CMP_UNORD_Q));
        l = _mm256_xor_pd(_mm256_blendv_pd(l, c, _mm256_cmp_pd(l, l, _CMP_UNORD_Q)), negative);
        __m256d even = _mm256_unpacklo_pd(h, l), odd = _mm256_unpackhi_pd(h, l);
        _mm256_storeu_pd(pairs + 2 * i, _mm256_permute2f128_pd(even, odd, 0x20));
        _mm256_storeu_pd(pairs + 2 * i + 4, _mm256_permute2f128_pd(even, odd, 0x31));
    }
    tc_bar_pairs_from(i, high, low, close, count, pairs);
}
#endif

static inline void tc_bar_pairs(const double *high, const double *low, const double *close, long count, double *pairs) {
#if defined(__x86_64__) && defined(__AVX__)
    tc_bar_pairs_avx(high, low, close, count, pairs);
#elif defined(__x86_64__)
    tc_bar_pairs_sse2(high, low, close, count, pairs);
#else
    tc_bar_pairs_from(0, high, low, close, count, pairs);
#endif
}

/// Whether any of the `count` values from `values` is a NaN: packed comparisons of four values
/// where the build is for a processor with AVX (`tc_has_nan_avx`), else two (`tc_has_nan_sse2`),
/// else one (`tc_has_nan_from`, which also takes the values left over), without a branch a value.
static inline int tc_has_nan_from(long i, const double *values, long count) {
    int found = 0;
    for (; i < count; i++) found |= values[i] != values[i];
    return found;
}

#if defined(__x86_64__)
static inline int tc_has_nan_sse2(const double *values, long count) {
    __m128d any = _mm_setzero_pd();
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        __m128d v = _mm_loadu_pd(values + i);
        any = _mm_or_pd(any, _mm_cmpunord_pd(v, v));
    }
    return _mm_movemask_pd(any) != 0 || tc_has_nan_from(i, values, count);
}

__attribute__((target("avx")))
static inline int tc_has_nan_avx(const double *values, long count) {
    __m256d any = _mm256_setzero_pd();
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d v = _mm256_loadu_pd(values + i);
        any = _mm256_or_pd(any, _mm256_cmp_pd(v, v, _CMP_UNORD_Q));
    }
    return _mm256_movemask_pd(any) != 0 || tc_has_nan_from(i, values, count);
}
#endif

static inline int tc_has_nan(const double *values, long count) {
#if defined(__x86_64__) && defined(__AVX__)
    return tc_has_nan_avx(values, count);
#elif defined(__x86_64__)
    return tc_has_nan_sse2(values, count);
#else
    return tc_has_nan_from(0, values, count);
#endif
}

/// Feeds the `count` values `x` to a full window of `bars` values (`window`, a ring whose next
/// slot is `*slot`) whose running sums of the values' distances from `*shift` and of their
/// squares are `*sum` and `*squares`, writing the window's mean and population variance after
/// each value to `means` and `variances`: WindowMoments.Feed.addFull's operations, bit for bit
/// (where a value lands in slot 0 the sums are taken afresh from the window, the value the
/// new shift). Between two such values the shift stays, so each run of them is taken in three
/// loops the compiler packs but the middle one, the running sums: their distances, then the
/// sums, then the means and variances.
static inline void tc_moments_full(const double *restrict x, long count, double *restrict window, long bars,
                                   long *slotInOut, double *shiftInOut, double *sumInOut, double *squaresInOut,
                                   double reciprocal, double *restrict means, double *restrict variances) {
    long slot = *slotInOut;
    double shift = *shiftInOut, sum = *sumInOut, squares = *squaresInOut;
    long i = 0;
    while (i < count) {
        long run;
        if (slot == 0) {
            double v = x[i];
            window[0] = v;
            shift = v;
            sum = 0;
            squares = 0;
            for (long k = 0; k < bars; k++) {
                double d = window[k] - v;
                sum += d;
                squares += d * d;
            }
            means[i] = sum;
            variances[i] = squares;
            run = 1;
        } else {
            run = bars - slot < count - i ? bars - slot : count - i;
            double *restrict old = window + slot;
            const double *restrict in = x + i;
            double *restrict t1 = means + i, *restrict t2 = variances + i;
            for (long j = 0; j < run; j++) {
                double d = in[j] - shift, e = old[j] - shift;
                t1[j] = d - e;
                t2[j] = d * d - e * e;
                old[j] = in[j];
            }
            for (long j = 0; j < run; j++) {
                sum += t1[j];
                squares += t2[j];
                t1[j] = sum;
                t2[j] = squares;
            }
        }
        double *restrict m = means + i, *restrict v = variances + i;
        for (long j = 0; j < run; j++) {
            double total = m[j], meanDistance = total * reciprocal;
            double variance = v[j] * reciprocal - meanDistance * meanDistance;
            m[j] = shift + total * reciprocal;
            v[j] = variance >= 0 ? variance : 0;
        }
        i += run;
        slot += run;
        if (slot == bars) slot = 0;
    }
    *slotInOut = slot;
    *shiftInOut = shift;
    *sumInOut = sum;
    *squaresInOut = squares;
}

#endif
