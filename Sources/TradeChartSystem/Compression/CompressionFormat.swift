/// A compressed format a price file may come in, recognised by the file's first bytes
/// (its magic number) or, when those are missing, by the name's ending.
public enum CompressionFormat: String, Sendable, CaseIterable {
    case gzip, zstd, xz, bzip2, zip

    /// How many first bytes `init(magic:)` needs to tell every format.
    static let magicLength = 6

    /// The format whose magic number `bytes` (a file's first bytes) starts with, or nil.
    init?(magic bytes: UnsafeRawBufferPointer) {
        func starts(_ magic: [UInt8]) -> Bool {
            bytes.count >= magic.count && Swift.zip(bytes, magic).allSatisfy { $0 == $1 }
        }
        if starts([0x1F, 0x8B]) {
            self = .gzip
        } else if starts([0x28, 0xB5, 0x2F, 0xFD]) {
            self = .zstd
        } else if bytes.count >= 4, bytes[0] & 0xF0 == 0x50, starts([bytes[0], 0x2A, 0x4D, 0x18]) {
            // A zstd skippable frame (0x184D2A50 to 0x184D2A5F, little-endian), which may lead a file.
            self = .zstd
        } else if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            self = .xz
        } else if starts([0x42, 0x5A, 0x68]), bytes.count >= 4, (0x31...0x39).contains(bytes[3]) {
            self = .bzip2
        } else if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
            self = .zip
        } else {
            return nil
        }
    }

    /// The format whose magic number `bytes` starts with, or nil.
    init?(magic bytes: [UInt8]) {
        guard let format = bytes.withUnsafeBytes({ CompressionFormat(magic: $0) }) else { return nil }
        self = format
    }

    /// The format the name's ending (`.gz`, `.zst`, `.xz`, `.bz2`, `.zip`, any case) says, or nil.
    init?(fileName name: String) {
        let lower = name.lowercased()
        let endings: [(String, CompressionFormat)] = [(".gz", .gzip), (".zst", .zstd), (".zstd", .zstd),
                                                     (".xz", .xz), (".bz2", .bzip2), (".zip", .zip)]
        guard let found = endings.first(where: { lower.hasSuffix($0.0) }) else { return nil }
        self = found.1
    }

    /// The name said in messages.
    public var name: String { rawValue }
}
