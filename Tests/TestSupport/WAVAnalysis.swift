// Taking apart the WAV files the audiograph and the players produce, for tests.

/// A WAV file taken apart by the test, checking every header field on the way.
public struct ParsedWAV {
    public var sampleRate: Int
    public var samples: [Int16]

    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    public enum Problem: Error { case bad(String) }

    public init(_ bytes: [UInt8]) throws {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 44 else { throw Problem.bad("too short") }
        guard tag(0) == "RIFF", tag(8) == "WAVE", tag(12) == "fmt " else { throw Problem.bad("not RIFF/WAVE") }
        guard u32(4) == bytes.count - 8 else { throw Problem.bad("RIFF size \(u32(4)) for \(bytes.count) bytes") }
        guard u32(16) == 16, u16(20) == 1 else { throw Problem.bad("not PCM") }
        guard u16(22) == 1 else { throw Problem.bad("not mono") }
        guard u16(34) == 16, u16(32) == 2 else { throw Problem.bad("not 16 bit") }
        sampleRate = u32(24)
        guard u32(28) == sampleRate * 2 else { throw Problem.bad("byte rate") }
        guard tag(36) == "data", u32(40) == bytes.count - 44 else { throw Problem.bad("data size") }
        samples = stride(from: 44, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(u16($0))) }
    }

    /// The pitch of each `window`-second window, from its zero crossings.
    public func pitches(window: Double = 0.1) -> [Double] {
        let size = Int(window * Double(sampleRate))
        return stride(from: 0, to: samples.count - size + 1, by: size).map { start in
            var crossings = 0
            for k in start + 1..<start + size where (samples[k - 1] < 0) != (samples[k] < 0) { crossings += 1 }
            return Double(crossings) / 2 / window
        }
    }

    /// The largest change from one sample to the next.
    public var largestJump: Int {
        zip(samples, samples.dropFirst()).map { abs(Int($1) - Int($0)) }.max() ?? 0
    }
}

/// The frequency of a steady tone in `samples`, from the first to the last rising zero
/// crossing (each placed between its two samples by linear interpolation); nil when
/// there are fewer than two. Crossings in near silence (a fade's first and last
/// samples, where rounding decides the sign) are passed over.
public func measuredFrequency(_ samples: ArraySlice<Int16>, sampleRate: Int) -> Double? {
    var crossings: [Double] = []
    var k = samples.startIndex + 1
    while k < samples.endIndex {
        let a = Double(samples[k - 1]), b = Double(samples[k])
        if a < 0 && b >= 0 && b - a > 64 { crossings.append(Double(k - 1) + (-a) / (b - a)) }
        k += 1
    }
    guard let first = crossings.first, let last = crossings.last, crossings.count >= 2 else { return nil }
    return Double(crossings.count - 1) / ((last - first) / Double(sampleRate))
}

/// The stretches of `samples` that are not silent: runs of non-zero samples, split
/// where at least `gap` zeros in a row separate them.
public func soundingStretches(_ samples: [Int16], gap: Int) -> [Range<Int>] {
    var stretches: [Range<Int>] = []
    var start: Int?
    var lastSound = 0
    for (i, s) in samples.enumerated() where s != 0 {
        if let begun = start, i - lastSound > gap {
            stretches.append(begun..<lastSound + 1)
            start = i
        } else if start == nil {
            start = i
        }
        lastSound = i
    }
    if let start { stretches.append(start..<lastSound + 1) }
    return stretches
}

/// Spearman's rank correlation (ties get their average rank).
public func rankCorrelation(_ a: [Double], _ b: [Double]) -> Double {
    func ranks(_ v: [Double]) -> [Double] {
        let order = v.indices.sorted { v[$0] < v[$1] }
        var r = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && v[order[j + 1]] == v[order[i]] { j += 1 }
            for k in i...j { r[order[k]] = Double(i + j) / 2 }
            i = j + 1
        }
        return r
    }
    let ra = ranks(a), rb = ranks(b)
    let ma = ra.reduce(0, +) / Double(ra.count), mb = rb.reduce(0, +) / Double(rb.count)
    var sab = 0.0, saa = 0.0, sbb = 0.0
    for i in ra.indices {
        sab += (ra[i] - ma) * (rb[i] - mb)
        saa += (ra[i] - ma) * (ra[i] - ma)
        sbb += (rb[i] - mb) * (rb[i] - mb)
    }
    return sab / (saa * sbb).squareRoot()
}
