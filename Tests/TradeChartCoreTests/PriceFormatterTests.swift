import Testing
import TradeChartCore

@Suite("Price formatting")
struct PriceFormatterTests {
    @Test func largePricesGetThousandsAndTwoDecimals() {
        let f = PriceFormatter(forPricesAround: 15_234.56)
        #expect(f.string(15_234.56) == "15,234.56")
        #expect(f.string(1_234_567.891) == "1,234,567.89")
        #expect(f.string(999.999) == "1,000.00")
        #expect(f.string(-3.1) == "-3.10")
        #expect(f.string(-0.001) == "0.00")
    }

    @Test func thousandsAreGroupedAndDecimalsPaddedAtEveryLength() {
        // Each length of whole part around its powers of ten, with commas where a reader expects them.
        func reference(_ n: UInt64) -> String {
            let digits = Array(String(n))
            var out = ""
            for (i, d) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
                out.append(d)
            }
            return out
        }
        var power: UInt64 = 1
        for _ in 0...15 {
            for n in [power - 1, power, power + 7, 3 * power] {
                #expect(PriceFormatter(decimals: 0).string(Double(n)) == reference(n))
                // Decimals where a Double still holds them.
                guard n < 1_000_000_000 else { continue }
                #expect(PriceFormatter(decimals: 3).string(Double(n) + 0.007) == reference(n) + ".007")
                #expect(PriceFormatter(decimals: 2).string(-Double(n) - 0.5) == "-" + reference(n) + ".50")
                #expect(PriceFormatter(decimals: 4).string(Double(n) + 0.05) == reference(n) + ".0500")
            }
            power *= 10
        }
    }

    @Test func smallPricesKeepSignificantDigits() {
        #expect(PriceFormatter(forPricesAround: 0.000123).string(0.000123) == "0.0001230")
        #expect(PriceFormatter(forPricesAround: 0.5).string(0.51234) == "0.5123")
        #expect(PriceFormatter(forPricesAround: 3).string(3.14159) == "3.14")
    }

    @Test func wholeNumbersHaveNoDecimals() {
        let volumes: [Double] = [96_844_100, 76_079_000, 0]
        #expect(PriceFormatter(forPrices: volumes, around: 96_844_100).string(96_844_100) == "96,844,100")
        #expect(PriceFormatter(forPrices: [10, 10.5], around: 10).string(10) == "10.00")
        #expect(PriceFormatter(forPrices: [0.5, 1], around: 1).decimals == 2)
    }

    /// Prices show the decimals the file quotes them with: a forex rate's five or six, a
    /// yen rate's three, not two; a stock's two stay two, and a 32-bit float's noise
    /// (Yahoo's 187.149994) is not taken for digits.
    @Test func pricesKeepTheDecimalsTheyAreQuotedWith() {
        func shown(_ prices: [Double]) -> String {
            PriceFormatter(forPrices: prices, around: prices.map(abs).max()!).string(prices.last!)
        }
        #expect(shown([1.09670, 1.09671, 1.08913]) == "1.08913")
        #expect(shown([1.096699, 1.089130]) == "1.089130")
        #expect(shown([151.234, 150.1]) == "150.100")
        #expect(shown([15_234.56, 15_001.2]) == "15,001.20")
        #expect(shown([187.149994, 185.149994]) == "185.15")
        #expect(shown([100.5, 101]) == "101.00")
        #expect(shown([0.05412345, 0.05]) == "0.05000000")
        // Seven significant digits at most.
        #expect(shown([79.971777, 80.0]) == "80.00000")
        #expect(PriceFormatter.quotedDecimals([1.5, 2.25, 3.125]) == 3)
        #expect(PriceFormatter.quotedDecimals([42_000.0, 7]) == 0)
    }

    @Test func changesCarryASign() {
        let f = PriceFormatter(decimals: 2)
        #expect(f.signed(12.5) == "+12.50")
        #expect(f.signed(-12.5) == "-12.50")
        #expect(PriceFormatter.percent(1.2345) == "+1.23%")
        #expect(PriceFormatter.percent(-0.5) == "-0.50%")
        // A fall too small for two decimals is still a fall.
        #expect(PriceFormatter.percent(-0.0004) == "-0.00%")
        #expect(f.signed(-0.004) == "-0.00")
        #expect(PriceFormatter.percent(0.0004) == "+0.00%")
    }
}
