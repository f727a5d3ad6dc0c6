#if canImport(Glibc)
import Glibc
#endif
import TradeChartCore
import TradeChartSystem

/// `make bench` section "decimal commas": the same 1e6 rows written as an English
/// export (`,` between fields, `10011.2150`) and as a German one (`;` between fields,
/// `10.011,2150`), loaded in-process; the German file should take at most 1.2 times
/// as long. The pair is written once, from `bench-data/i_1000000.csv`, into
/// `../bench-extra/` (prices times 100 so that they carry thousands separators).
enum DecimalCommaBenchmark {
    static let rows = 1_000_000

    static func run(table: BenchTable) {
        table.section("decimal commas: SeriesLoader.load of the same \(rows) rows, English (, and .) and German (; and 10.011,2150); median in-process",
                      columns: ["threads", "runs", "English s", "German s", "German/English (<=1.2)"])
        guard let (english, german) = ensureFiles() else {
            table.row(["(could not write ../bench-extra)", "", "", "", ""])
            return
        }
        for threads in [1, 0] {
            let options = LoadOptions(threads: threads == 0 ? nil : threads)
            var en: [Double] = [], de: [Double] = []
            // A load that fails, or reads other rows than the file has, would look fast: it is said instead.
            var loaded: Set<Int> = []
            let runs = 7
            for _ in 0..<runs {
                en.append(time { loaded.insert((try? SeriesLoader.load(path: english, options: options))?.series.count ?? -1) })
                de.append(time { loaded.insert((try? SeriesLoader.load(path: german, options: options))?.series.count ?? -1) })
            }
            en.sort()
            de.sort()
            let ratio = loaded == [rows] ? LoadBenchmark.fixed(de[runs / 2] / en[runs / 2], 2) : "(loaded \(loaded.sorted())!)"
            table.row([threads == 0 ? "every core" : "1", "\(runs)", LoadBenchmark.fixed(en[runs / 2], 4),
                       LoadBenchmark.fixed(de[runs / 2], 4), ratio])
        }
    }

    static func time(_ body: () -> Void) -> Double {
        let start = LoadBenchmark.now()
        body()
        return LoadBenchmark.now() - start
    }

    /// The English and German files, written when missing.
    static func ensureFiles() -> (String, String)? {
        let dir = LoadBenchmark.packageRoot + "/../bench-extra"
        let english = "\(dir)/en_\(rows).csv", german = "\(dir)/de_\(rows).csv"
        if access(english, R_OK) == 0 && access(german, R_OK) == 0 { return (english, german) }
        guard let source = LoadBenchmark.ensureFile(rows: rows), let input = fopen(source, "r") else { return nil }
        defer { fclose(input) }
        mkdir(dir, 0o755)
        guard let en = fopen(english + ".tmp", "w"), let de = fopen(german + ".tmp", "w") else { return nil }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        var first = true
        while getline(&line, &capacity, input) > 0, let line {
            let text = String(cString: line).split(separator: "\n", omittingEmptySubsequences: false)[0]
            let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if first {
                fputs(fields.joined(separator: ",") + "\n", en)
                fputs(fields.joined(separator: ";") + "\n", de)
                first = false
                continue
            }
            var enFields = fields, deFields = fields
            for i in fields.indices.dropFirst() where fields[i].contains(".") {
                let (whole, fraction) = timesHundred(fields[i])
                enFields[i] = whole + "." + fraction
                deFields[i] = grouped(whole) + "," + fraction
            }
            fputs(enFields.joined(separator: ",") + "\n", en)
            fputs(deFields.joined(separator: ";") + "\n", de)
        }
        free(line)
        fclose(en)
        fclose(de)
        rename(english + ".tmp", english)
        rename(german + ".tmp", german)
        return (english, german)
    }

    /// `100.112150` as `10011` and `2150`: the decimal point moved two places right.
    static func timesHundred(_ number: String) -> (String, String) {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let padded = fraction + String(repeating: "0", count: max(0, 2 - fraction.count))
        var whole = String(parts[0]) + padded.prefix(2)
        while whole.count > 1 && whole.hasPrefix("0") { whole.removeFirst() }
        let rest = String(padded.dropFirst(2))
        return (whole, rest.isEmpty ? "0" : rest)
    }

    /// `10011` as `10.011`.
    static func grouped(_ digits: String) -> String {
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(".") }
            out.append(c)
        }
        return out
    }
}
