/// The kitty graphics protocol (APC `ESC _G keys ; payload ESC \`): an image sent as
/// 24-bit RGB (`f=24`) or as a PNG file (`f=100`), base64 in chunks of at most 4096 bytes
/// (`m=1` on every chunk but the last), transmitted and placed at the cursor at once
/// (`a=T`) over a given number of cells (`c`, `r`), without moving the cursor (`C=1`) and
/// without answers (`q=2`). Images carry an id so they can be replaced and deleted: a
/// new frame goes out under the other of two ids and then the old one is deleted, so the
/// picture changes in place with no blank moment; on exit the ids are deleted.
public enum KittyEncoder {
    /// The payload bytes in one chunk at most.
    public static let chunkSize = 4096

    /// What the image's bytes are.
    public enum Payload: Sendable {
        /// Red, green and blue bytes a pixel, row by row, `width` x `height` pixels.
        case rgb([UInt8], width: Int, height: Int)
        /// A PNG file's bytes.
        case png([UInt8])
    }

    /// Transmits `payload` as image `id` and places it at the cursor over `columns` x `rows` cells.
    public static func transmitAndPlace(_ payload: Payload, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        let keys: String
        let data: [UInt8]
        switch payload {
        case .rgb(let bytes, let width, let height):
            keys = "a=T,f=24,s=\(width),v=\(height)"
            data = bytes
        case .png(let bytes):
            keys = "a=T,f=100"
            data = bytes
        }
        let first = "\(keys),i=\(id),p=1,c=\(columns),r=\(rows),C=1,q=2"
        let encoded = Base64.encode(data)
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + encoded.count / chunkSize * 16 + 64)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkSize)
            let more = end < encoded.count
            out += [0x1B, 0x5F, 0x47]  // ESC _ G
            out += Array(((start == 0 ? first + "," : "") + "m=\(more ? 1 : 0);").utf8)
            out += encoded[start..<end]
            out += [0x1B, 0x5C]
            start = end
        } while start < encoded.count
        return out
    }

    /// Deletes image `id` and its placements, freeing its data (`a=d,d=I`).
    public static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// The query `auto` sends: does the terminal take a 1x1 RGB image? (kitty answers `OK`).
    public static let query = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
}
