/// One colour of a pixel image: red, green and blue, 0...255 each.
public struct PixelColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// This colour laid over `background` at `opacity` (0...1).
    package func over(_ background: PixelColor, opacity: Double) -> PixelColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(min(255, max(0, (Double(a) * opacity + Double(b) * (1 - opacity)).rounded())))
        }
        return PixelColor(mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
    }

    /// The squared distance to `other` in RGB space (for choosing the nearest colour).
    package func distanceSquared(to other: PixelColor) -> Int {
        let r = Int(red) - Int(other.red), g = Int(green) - Int(other.green), b = Int(blue) - Int(other.blue)
        return r * r + g * g + b * b
    }
}
