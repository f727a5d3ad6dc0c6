/// The colours of a pixel chart, in the order an encoder with few colour registers keeps
/// them: the theme's background (index 0), every `ColorRole` at full strength, then each
/// at three quarters, a half and a quarter over the background (the anti-aliased edges).
/// A pixel canvas holds indices into it, so images keep few colours and encode fast.
public struct PixelPalette: Sendable, Equatable {
    /// The colours by index.
    public let colors: [PixelColor]

    /// Strengths a colour is drawn at: 1 (a quarter) to 4 (full).
    public static let levels = 4
    /// Number of roles.
    @usableFromInline static let roles = ColorRole.allCases.count

    public init(theme: Theme) {
        let background = Self.background(theme)
        var colors = [background]
        for level in stride(from: Self.levels, through: 1, by: -1) {
            for role in ColorRole.allCases {
                colors.append(Self.color(role, theme).over(background, opacity: Double(level) / Double(Self.levels)))
            }
        }
        self.colors = colors
    }

    /// The index of `role` at strength `level` (1...4).
    @inlinable public static func index(_ role: ColorRole, level: Int) -> UInt8 {
        UInt8(1 + (levels - level) * roles + Int(role.rawValue))
    }

    /// The strength of the colour at `index` (0 for the background).
    @inlinable public static func level(of index: UInt8) -> Int {
        index == 0 ? 0 : levels - (Int(index) - 1) / roles
    }

    /// The role of the colour at `index` (nil for the background).
    public static func role(of index: UInt8) -> ColorRole? {
        index == 0 ? nil : ColorRole(rawValue: UInt8((Int(index) - 1) % roles))
    }

    /// The theme's background: near black on dark, white on light.
    static func background(_ theme: Theme) -> PixelColor {
        theme == .dark ? PixelColor(0x0D, 0x11, 0x17) : PixelColor(0xFF, 0xFF, 0xFF)
    }

    /// The full-strength colour of a role: the hues the terminal's palette gives the same
    /// role in `Theme.ansiForeground` (green, red, magenta first among the series).
    static func color(_ role: ColorRole, _ theme: Theme) -> PixelColor {
        switch (theme, role) {
        case (.dark, .plain): PixelColor(0xE6, 0xED, 0xF3)
        case (.light, .plain): PixelColor(0x1F, 0x23, 0x28)
        case (.dark, .rising): PixelColor(0x3F, 0xB9, 0x50)
        case (.light, .rising): PixelColor(0x1A, 0x7F, 0x37)
        case (.dark, .falling): PixelColor(0xF8, 0x51, 0x49)
        case (.light, .falling): PixelColor(0xCF, 0x22, 0x2E)
        case (.dark, .muted): PixelColor(0x7D, 0x85, 0x90)
        case (.light, .muted): PixelColor(0x8C, 0x95, 0x9F)
        case (.dark, .accent), (.dark, .series3): PixelColor(0x39, 0xC5, 0xCF)
        case (.light, .accent): PixelColor(0x09, 0x69, 0xDA)
        case (.dark, .series1): PixelColor(0xD2, 0x6B, 0xE0)
        case (.light, .series1): PixelColor(0x82, 0x50, 0xDF)
        case (.dark, .series2): PixelColor(0xE3, 0xB3, 0x41)
        case (.light, .series2): PixelColor(0x09, 0x69, 0xDA)
        case (.light, .series3): PixelColor(0x1B, 0x7C, 0x83)
        case (.dark, .series4): PixelColor(0x58, 0xA6, 0xFF)
        case (.light, .series4): PixelColor(0x9A, 0x67, 0x00)
        }
    }
}
