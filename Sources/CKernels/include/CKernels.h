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

/// The loop of `tc_extremes_avx`, inlined where the count is known.
__attribute__((target("avx"), always_inline))
static inline void tc_extremes_avx_of(const double *values, long count, double *lowest, double *highest, double *sum) {
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

/// `tc_extremes` four values a comparison: only on a processor with AVX (the tests call it
/// where /proc/cpuinfo lists avx; a build for such a processor inlines it into the core).
/// Blocks of 64 values (the first level of an indicator line's index and of the chart's price
/// index, `MinMaxIndex.replayedShift` and `priceShift`) with no loop.
__attribute__((target("avx")))
static inline void tc_extremes_avx(const double *values, long count, double *lowest, double *highest, double *sum) {
    if (count == 64) {
        tc_extremes_avx_of(values, 64, lowest, highest, sum);
    } else {
        tc_extremes_avx_of(values, count, lowest, highest, sum);
    }
}

#endif

/// A bar's high or low as the candle indicators read it (`HighLowClose`): `x`, or the bar's
/// close where the row left it out (a NaN).
static inline double tc_or_close(double x, double close) {
    return x != x ? close : x;
}

/// Writes, for each of the `count` bars from `high`, `low` and `close`, the pair (high,
/// -low) to `pairs` (two values a bar), a left-out high or low (a NaN) taken as the bar's
/// close: the signed extremes of a window of bars are then the largest of each lane. A zero
/// is written +0 (x + 0 is x but for -0) and a NaN (a bar whose close is one too) -infinity,
/// which never wins, as a NaN never does in `WindowExtreme`: among the pairs no two values
/// differ that compare equal, so the largest of a window is one whichever order compares it
/// (`tc_window_pairs`). Four bars at a time where the build is for a processor with AVX
/// (`tc_bar_pairs_avx`), else two (`tc_bar_pairs_sse2`), else one (`tc_bar_pairs_from`,
/// which also takes the bars left over).
static inline void tc_bar_pairs_from(long i, const double *high, const double *low, const double *close, long count,
                                     double *pairs) {
    for (; i < count; i++) {
        double top = tc_or_close(high[i], close[i]) + 0.0, bottom = -tc_or_close(low[i], close[i]) + 0.0;
        pairs[2 * i] = top != top ? -__builtin_inf() : top;
        pairs[2 * i + 1] = bottom != bottom ? -__builtin_inf() : bottom;
    }
}

#if defined(__x86_64__)
static inline void tc_bar_pairs_sse2(const double *high, const double *low, const double *close, long count, double *pairs) {
    const __m128d negative = _mm_set1_pd(-0.0), zero = _mm_setzero_pd(), none = _mm_set1_pd(-__builtin_inf());
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        __m128d h = _mm_loadu_pd(high + i), l = _mm_loadu_pd(low + i), c = _mm_loadu_pd(close + i);
        __m128d hNaN = _mm_cmpunord_pd(h, h), lNaN = _mm_cmpunord_pd(l, l);
        h = _mm_add_pd(_mm_or_pd(_mm_andnot_pd(hNaN, h), _mm_and_pd(hNaN, c)), zero);
        l = _mm_add_pd(_mm_xor_pd(_mm_or_pd(_mm_andnot_pd(lNaN, l), _mm_and_pd(lNaN, c)), negative), zero);
        hNaN = _mm_cmpunord_pd(h, h);
        lNaN = _mm_cmpunord_pd(l, l);
        h = _mm_or_pd(_mm_andnot_pd(hNaN, h), _mm_and_pd(hNaN, none));
        l = _mm_or_pd(_mm_andnot_pd(lNaN, l), _mm_and_pd(lNaN, none));
        _mm_storeu_pd(pairs + 2 * i, _mm_unpacklo_pd(h, l));
        _mm_storeu_pd(pairs + 2 * i + 2, _mm_unpackhi_pd(h, l));
    }
    tc_bar_pairs_from(i, high, low, close, count, pairs);
}

__attribute__((target("avx")))
static inline void tc_bar_pairs_avx(const double *high, const double *low, const double *close, long count, double *pairs) {
    const __m256d negative = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd(), none = _mm256_set1_pd(-__builtin_inf());
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d h = _mm256_loadu_pd(high + i), l = _mm256_loadu_pd(low + i), c = _mm256_loadu_pd(close + i);
        h = _mm256_add_pd(_mm256_blendv_pd(h, c, _mm256_cmp_pd(h, h, _CMP_UNORD_Q)), zero);
        l = _mm256_add_pd(_mm256_xor_pd(_mm256_blendv_pd(l, c, _mm256_cmp_pd(l, l, _CMP_UNORD_Q)), negative), zero);
        h = _mm256_blendv_pd(h, none, _mm256_cmp_pd(h, h, _CMP_UNORD_Q));
        l = _mm256_blendv_pd(l, none, _mm256_cmp_pd(l, l, _CMP_UNORD_Q));
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

/// A VWAP session between runs of rows (`tc_vwap_sums`): its day (the number of whole days
/// from 1970-01-01 of the file's own clock) and its sums of typical price × volume and of volume.
typedef struct {
    long long day;
    double priceVolume;
    double volume;
} tc_vwap_session;

/// The day of a time of the file's own clock and the seconds where it starts and ends (the
/// end held at the largest time where it would overflow): a division, only where a time
/// leaves the day before.
static inline long long tc_vwap_day(long long time, long long secondsPerDay, long long *start, long long *end) {
    long long second = time % secondsPerDay;
    if (second < 0) second += secondsPerDay;
    *start = time - second;
    if (__builtin_add_overflow(*start, secondsPerDay, end)) *end = 0x7fffffffffffffffLL;
    return *start / secondsPerDay;
}

/// Takes the `count` bars from `times`, `high`, `low`, `close` and `volume` into `session`
/// (a new day starts it afresh), writing each bar's sums after it: typical price × volume to
/// `priceVolumes`, volume to `volumes`. A bar whose volume is not above zero (a NaN too) adds
/// nothing; a left-out high or low (a NaN) is the close. VolumeWeightedAverage.Step.add's
/// operations in its order, bit for bit: ((high + low + close) × ⅓) × volume (a bar that
/// traded nothing adds +0, not a NaN price's product).
static inline void tc_vwap_sums(const long long *restrict times, const double *restrict high,
                                const double *restrict low, const double *restrict close,
                                const double *restrict volume, long count, long long secondsPerDay,
                                tc_vwap_session *session, double *restrict priceVolumes, double *restrict volumes) {
    const double third = 1.0 / 3.0;
    if (count <= 0) return;
    long long day = session->day, start, end;
    double sum = session->priceVolume, traded = session->volume;
    long long now = tc_vwap_day(times[0], secondsPerDay, &start, &end);
    // A time is in the day where its distance from the day's start, unsigned, is below its length.
    unsigned long long from = (unsigned long long)start, length = (unsigned long long)end - from;
    if (now != day) {
        day = now;
        sum = 0;
        traded = 0;
    }
    // Each bar's terms first, a loop the compiler packs (no term depends on the one before):
    // its typical price × volume and its volume, +0 both for a bar that traded nothing. A sum
    // starts at +0 and is never -0 (x + -x is +0), so adding +0 leaves it as it is.
    for (long i = 0; i < count; i++) {
        double v = volume[i], c = close[i];
        double term = (tc_or_close(high[i], c) + tc_or_close(low[i], c) + c) * third * v;
        priceVolumes[i] = v > 0 ? term : 0;
        volumes[i] = v > 0 ? v : 0;
    }
    // Then the running sums, a new day starting them afresh.
    for (long i = 0; i < count; i++) {
        long long time = times[i];
        if (__builtin_expect((unsigned long long)time - from >= length, 0)) {
            now = tc_vwap_day(time, secondsPerDay, &start, &end);
            from = (unsigned long long)start;
            length = (unsigned long long)end - from;
            if (now != day) {
                day = now;
                sum = 0;
                traded = 0;
            }
        }
        sum += priceVolumes[i];
        traded += volumes[i];
        priceVolumes[i] = sum;
        volumes[i] = traded;
    }
    session->day = day;
    session->priceVolume = sum;
    session->volume = traded;
}

/// Turns the `count` rows' session sums into their VWAP, in place: `volumes` becomes each
/// row's value (price × volume over volume, a NaN until the session traded), `line` (the
/// sums of price × volume) the line drawn, which holds the last value over a NaN (`held`
/// before the first row); answers the value held after the last row. The quotient of
/// `VolumeWeightedAverage.Step.value`, bit for bit. Four rows a division where the build is
/// for a processor with AVX (`tc_vwap_values_avx`: a group with a NaN is held one row at a
/// time), else one (`tc_vwap_values_from`, which also takes the rows left over).
static inline double tc_vwap_values_from(long i, double *line, double *volumes, long count, double held) {
    for (; i < count; i++) {
        double w = volumes[i], q = line[i] / w;
        double v = w > 0 ? q : __builtin_nan("");
        held = v == v ? v : held;
        line[i] = held;
        volumes[i] = v;
    }
    return held;
}

#if defined(__x86_64__)
__attribute__((target("avx")))
static inline double tc_vwap_values_avx(double *line, double *volumes, long count, double held) {
    const __m256d zero = _mm256_setzero_pd(), none = _mm256_set1_pd(__builtin_nan(""));
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d w = _mm256_loadu_pd(volumes + i), q = _mm256_div_pd(_mm256_loadu_pd(line + i), w);
        __m256d v = _mm256_blendv_pd(none, q, _mm256_cmp_pd(w, zero, _CMP_GT_OQ));
        _mm256_storeu_pd(volumes + i, v);
        if (__builtin_expect(_mm256_movemask_pd(_mm256_cmp_pd(v, v, _CMP_UNORD_Q)) == 0, 1)) {
            _mm256_storeu_pd(line + i, v);
        } else {
            double h = i > 0 ? line[i - 1] : held;
            for (long j = i; j < i + 4; j++) {
                double x = volumes[j];
                h = x == x ? x : h;
                line[j] = h;
            }
        }
    }
    if (i > 0) held = line[i - 1];
    return tc_vwap_values_from(i, line, volumes, count, held);
}
#endif

static inline double tc_vwap_values(double *line, double *volumes, long count, double held) {
#if defined(__x86_64__) && defined(__AVX__)
    return tc_vwap_values_avx(line, volumes, count, held);
#else
    return tc_vwap_values_from(0, line, volumes, count, held);
#endif
}

/// The extremes of windows of `bars` bars over `length` (high, -low) pairs (`tc_bar_pairs`,
/// no NaN and no -0 among them), in place: `span` doubles from 1 while it fits in `bars`,
/// each pass leaving at pair i the largest of each lane over pairs i ..< i + 2 × span; the
/// span reached is answered. The extremes of the window of pairs i ..< i + bars are then the
/// larger of pairs i and i + bars - span (`tc_fast_k`). Without a NaN or a -0 the largest
/// of a set is one value whichever order it is compared in, so this is the window a bar at
/// a time gives (`WindowExtreme`), bit for bit. Two pairs a comparison where the build is for
/// a processor with AVX (`tc_window_pairs_avx`), else one (`tc_window_pairs_sse2`).
static inline long tc_window_pairs_from(double *pairs, long length, long bars) {
    long span = 1;
    for (; 2 * span <= bars; span *= 2) {
        for (long i = 0; i + span < length; i++) {
            double *a = pairs + 2 * i, *b = pairs + 2 * (i + span);
            a[0] = b[0] > a[0] ? b[0] : a[0];
            a[1] = b[1] > a[1] ? b[1] : a[1];
        }
    }
    return span;
}

#if defined(__x86_64__)
static inline long tc_window_pairs_sse2(double *pairs, long length, long bars) {
    long span = 1;
    for (; 2 * span <= bars; span *= 2) {
        // Forward in place: pair i + span is read before anything at or after it is written.
        for (long i = 0; i + span < length; i++) {
            _mm_storeu_pd(pairs + 2 * i, _mm_max_pd(_mm_loadu_pd(pairs + 2 * (i + span)), _mm_loadu_pd(pairs + 2 * i)));
        }
    }
    return span;
}

__attribute__((target("avx")))
static inline long tc_window_pairs_avx(double *pairs, long length, long bars) {
    long span = 1;
    for (; 2 * span <= bars; span *= 2) {
        long last = length - span, i = last - last % 4;
        // Four pairs a step, two a comparison: the step reads all it needs before it writes
        // (the pairs span on), and writes none that a later step reads.
        double *at = pairs, *later = pairs + 2 * span, *stop = pairs + 2 * i;
        for (; at < stop; at += 8, later += 8) {
            __m256d a = _mm256_loadu_pd(at), b = _mm256_loadu_pd(later);
            __m256d c = _mm256_loadu_pd(at + 4), d = _mm256_loadu_pd(later + 4);
            _mm256_storeu_pd(at, _mm256_max_pd(b, a));
            _mm256_storeu_pd(at + 4, _mm256_max_pd(d, c));
        }
        for (; i < last; i++) {
            _mm_storeu_pd(pairs + 2 * i, _mm_max_pd(_mm_loadu_pd(pairs + 2 * (i + span)), _mm_loadu_pd(pairs + 2 * i)));
        }
    }
    return span;
}
#endif

static inline long tc_window_pairs(double *pairs, long length, long bars) {
#if defined(__x86_64__) && defined(__AVX__)
    return tc_window_pairs_avx(pairs, length, bars);
#elif defined(__x86_64__)
    return tc_window_pairs_sse2(pairs, length, bars);
#else
    return tc_window_pairs_from(pairs, length, bars);
#endif
}

/// The fast %K of `count` bars whose closes are `close`: bar r's highest high and negated
/// lowest low are the larger of pairs r and r + `offset` of `pairs` (`tc_window_pairs`), and
/// its fast %K 100 × (close − lowest) / (highest − lowest), 0 where they are equal:
/// `Stochastic.fastK`'s operations bit for bit (close − lowest is close + the negated
/// lowest, exactly). Four bars a division where the build is for a processor with AVX2
/// (`tc_fast_k_avx2`), else one (`tc_fast_k_from`, which also takes the bars left over).
static inline void tc_fast_k_from(long r, const double *pairs, long count, long offset, const double *close,
                                  double *fast) {
    for (; r < count; r++) {
        const double *a = pairs + 2 * r, *b = pairs + 2 * (r + offset);
        double top = b[0] > a[0] ? b[0] : a[0], negatedBottom = b[1] > a[1] ? b[1] : a[1];
        double range = top + negatedBottom;
        fast[r] = range != 0 ? (close[r] + negatedBottom) / range * 100 : 0;
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static inline void tc_fast_k_avx2(const double *pairs, long count, long offset, const double *close, double *fast) {
    const __m256d zero = _mm256_setzero_pd(), hundred = _mm256_set1_pd(100);
    long r = 0;
    for (; r + 4 <= count; r += 4) {
        // Bars r, r+1 and r+2, r+3: (top, -bottom) pairs, their lanes gathered as bars r, r+2, r+1, r+3.
        __m256d e = _mm256_max_pd(_mm256_loadu_pd(pairs + 2 * (r + offset)), _mm256_loadu_pd(pairs + 2 * r));
        __m256d f = _mm256_max_pd(_mm256_loadu_pd(pairs + 2 * (r + 2 + offset)), _mm256_loadu_pd(pairs + 2 * (r + 2)));
        __m256d top = _mm256_unpacklo_pd(e, f), negatedBottom = _mm256_unpackhi_pd(e, f);
        __m256d c = _mm256_permute4x64_pd(_mm256_loadu_pd(close + r), 0xD8);
        __m256d range = _mm256_add_pd(top, negatedBottom);
        __m256d k = _mm256_mul_pd(_mm256_div_pd(_mm256_add_pd(c, negatedBottom), range), hundred);
        k = _mm256_and_pd(k, _mm256_cmp_pd(range, zero, _CMP_NEQ_UQ));
        _mm256_storeu_pd(fast + r, _mm256_permute4x64_pd(k, 0xD8));
    }
    tc_fast_k_from(r, pairs, count, offset, close, fast);
}
#endif

static inline void tc_fast_k(const double *pairs, long count, long offset, const double *close, double *fast) {
#if defined(__x86_64__) && defined(__AVX2__)
    tc_fast_k_avx2(pairs, count, offset, close, fast);
#else
    tc_fast_k_from(0, pairs, count, offset, close, fast);
#endif
}

/// Bollinger bands of the `count` rows whose window means are `means` and whose population
/// variances are in `upper`: each row's upper band written over its variance and its lower
/// band to `lower`, mean ± `deviations` × √variance (`BollingerBands.bands(mean:variance:deviations:)`'s
/// operations, bit for bit). A loop the compiler packs, four rows a square root with AVX.
static inline void tc_bands(const double *restrict means, double *restrict upper, double *restrict lower, long count,
                            double deviations) {
    for (long j = 0; j < count; j++) {
        double mean = means[j], width = deviations * __builtin_sqrt(upper[j]);
        upper[j] = mean + width;
        lower[j] = mean - width;
    }
}

/// The true range of each of the `count` bars from `high`, `low` and `close` after the close
/// before it (`previousClose` before the first), written to `ranges`: the largest of high −
/// low, |close before − high| and |close before − low|, a left-out high or low (a NaN) taken
/// as the bar's close (`AverageTrueRange.trueRange`'s operations and `Swift.max`'s choices,
/// bit for bit: the later value where it is at least the larger so far). A loop the compiler
/// packs (no value depends on the one before).
static inline void tc_true_ranges(const double *restrict high, const double *restrict low,
                                  const double *restrict close, long count, double previousClose,
                                  double *restrict ranges) {
    for (long i = 0; i < count; i++) {
        double c = close[i], h = tc_or_close(high[i], c), l = tc_or_close(low[i], c);
        double before = i > 0 ? close[i - 1] : previousClose;
        double range = h - l, above = __builtin_fabs(before - h), below = __builtin_fabs(before - l);
        range = above >= range ? above : range;
        ranges[i] = below >= range ? below : range;
    }
}

/// An RSI's value of its smoothed gain and loss (`RelativeStrength.Step.index`, bit for bit):
/// NaN during the warm-up (a NaN gain), 0 where nothing moved (their sum within 1e-8 of 0),
/// else 100 × gain / (gain + loss).
static inline double tc_rsi_index(double gain, double loss) {
    double sum = gain + loss;
    return gain != gain ? __builtin_nan("") : (sum > -1e-8 && sum < 1e-8) ? 0 : 100 * (gain / sum);
}

/// The RSI of each of `count` rows whose (gain, loss) pairs are `averages`, written to `out`
/// (`tc_rsi_index`): four rows a division where the build is for a processor with AVX2
/// (`tc_rsi_indexes_avx2`), else one (`tc_rsi_indexes_from`, which also takes the rows left over).
static inline void tc_rsi_indexes_from(long r, const double *averages, long count, double *out) {
    for (; r < count; r++) out[r] = tc_rsi_index(averages[2 * r], averages[2 * r + 1]);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static inline void tc_rsi_indexes_avx2(const double *averages, long count, double *out) {
    const __m256d hundred = _mm256_set1_pd(100), tiny = _mm256_set1_pd(1e-8), negativeTiny = _mm256_set1_pd(-1e-8);
    const __m256d none = _mm256_set1_pd(__builtin_nan(""));
    long r = 0;
    for (; r + 4 <= count; r += 4) {
        // Rows r, r+1 and r+2, r+3 as (gain, loss) pairs, their lanes gathered as rows r, r+2, r+1, r+3.
        __m256d e = _mm256_loadu_pd(averages + 2 * r), f = _mm256_loadu_pd(averages + 2 * r + 4);
        __m256d up = _mm256_unpacklo_pd(e, f), sum = _mm256_add_pd(up, _mm256_unpackhi_pd(e, f));
        __m256d index = _mm256_mul_pd(hundred, _mm256_div_pd(up, sum));
        __m256d still = _mm256_and_pd(_mm256_cmp_pd(sum, negativeTiny, _CMP_GT_OQ), _mm256_cmp_pd(sum, tiny, _CMP_LT_OQ));
        index = _mm256_blendv_pd(_mm256_andnot_pd(still, index), none, _mm256_cmp_pd(up, up, _CMP_UNORD_Q));
        _mm256_storeu_pd(out + r, _mm256_permute4x64_pd(index, 0xD8));
    }
    tc_rsi_indexes_from(r, averages, count, out);
}
#endif

static inline void tc_rsi_indexes(const double *averages, long count, double *out) {
#if defined(__x86_64__) && defined(__AVX2__)
    tc_rsi_indexes_avx2(averages, count, out);
#else
    tc_rsi_indexes_from(0, averages, count, out);
#endif
}

/// The RSI of each of the `count` closes from `close` once its averages are seeded: the change
/// from the close before (`*previous`, then each close), its gain and loss (the larger of it,
/// or of its negation, and 0: `Swift.max`'s choice, a NaN change kept), each smoothed one step
/// a row (`*gain` × `keep` + x × `weight`, `Smoothing.first`) and their RSI (`tc_rsi_index`),
/// written to `out`; the averages and the last close are left in `*gain`, `*loss` and
/// `*previous`. `RSISteps.run`'s operations bit for bit. The two averages as the lanes of one
/// packed step (on x86-64), a piece of 64 rows at a time, then their RSI (`tc_rsi_indexes`).
static inline void tc_rsi(const double *close, long count, double *previous, double *gain, double *loss,
                          double keepGain, double weightGain, double keepLoss, double weightLoss, double *out) {
    double before = *previous;
    double averages[128];
#if defined(__x86_64__)
    __m128d state = _mm_set_pd(*loss, *gain), keep = _mm_set_pd(keepLoss, keepGain);
    __m128d weight = _mm_set_pd(weightLoss, weightGain), zero = _mm_setzero_pd(), flip = _mm_set_pd(-0.0, 0.0);
#else
    double g = *gain, l = *loss;
#endif
    for (long start = 0; start < count; start += 64) {
        long n = count - start < 64 ? count - start : 64;
        const double *in = close + start;
        double *at = out + start;
        for (long r = 0; r < n; r++) {
            double value = in[r], change = value - before;
            before = value;
#if defined(__x86_64__)
            // (change, -change), each 0 where 0 >= it (a NaN is kept), then both steps at once.
            __m128d x = _mm_xor_pd(_mm_set1_pd(change), flip);
            x = _mm_andnot_pd(_mm_cmpge_pd(zero, x), x);
            state = _mm_add_pd(_mm_mul_pd(state, keep), _mm_mul_pd(x, weight));
            _mm_storeu_pd(averages + 2 * r, state);
#else
            double up = 0 >= change ? 0 : change, down = 0 >= -change ? 0 : -change;
            g = g * keepGain + up * weightGain;
            l = l * keepLoss + down * weightLoss;
            averages[2 * r] = g;
            averages[2 * r + 1] = l;
#endif
        }
        tc_rsi_indexes(averages, n, at);
    }
    *previous = before;
#if defined(__x86_64__)
    *gain = _mm_cvtsd_f64(state);
    *loss = _mm_cvtsd_f64(_mm_unpackhi_pd(state, state));
#else
    *gain = g;
    *loss = l;
#endif
}

#endif
