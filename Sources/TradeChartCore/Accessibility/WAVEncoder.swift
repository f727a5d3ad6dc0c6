/// Encodes 16-bit mono samples as a WAV file: RIFF/WAVE, PCM, little-endian.
public enum WAVEncoder {
    /// The size of the header before the sample data.
    package static let headerSize = 44

    /// The bytes of a complete WAV file holding `samples` at `sampleRate` per second.
    public static func encode(samples: [Int16], sampleRate: Int) -> [UInt8] {
        var bytes = header(sampleRate: sampleRate, dataSize: samples.count * 2)
        bytes.reserveCapacity(headerSize + samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: sample.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The size written for a stream whose length is not known: players read such a
    /// WAV until its input ends (aplay takes any data size from 0x7FFFFFFE up as "until
    /// the end", libsndfile-based players read a pipe to its end).
    package static let streamSize = 0xFFFF_FFFF

    /// The header of a WAV stream of 16-bit mono samples at `sampleRate` per second whose
    /// length is not known yet: the samples follow as they are made.
    public static func streamHeader(sampleRate: Int) -> [UInt8] {
        header(sampleRate: sampleRate, dataSize: streamSize)
    }

    /// The 44 header bytes for `dataSize` bytes of samples (`streamSize`: not known).
    static func header(sampleRate: Int, dataSize: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        func text(_ s: String) { bytes.append(contentsOf: Array(s.utf8)) }
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { bytes.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { bytes.append(contentsOf: $0) } }
        text("RIFF")
        u32(dataSize == streamSize ? streamSize : headerSize - 8 + dataSize)
        text("WAVE")
        text("fmt ")
        u32(16)              // fmt chunk size
        u16(1)               // PCM
        u16(1)               // mono
        u32(sampleRate)
        u32(sampleRate * 2)  // bytes per second
        u16(2)               // bytes per frame
        u16(16)              // bits per sample
        text("data")
        u32(dataSize)
        return bytes
    }
}
