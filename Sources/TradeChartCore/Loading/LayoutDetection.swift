/// Layout detection: the header line read once (a BOM, wide encodings, an Excel
/// `sep=` line, blank lines first) into a `ColumnLayout`, then confirmed on the
/// first data row (an unnamed time-of-day column).
extension CSVStreamParser {
    /// Reads the header (after blank lines, a BOM and an Excel `sep=` line) and sets
    /// `layout` (or `fatal`). Returns where it stopped: after the header, or at the
    /// start of a line not complete yet (then `layout` is still nil).
    mutating func readHeader(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, final: Bool) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            if line == 0 && bytesConsumed == 0 && p == start {
                // A byte order mark is told apart on its first four bytes (UTF-32 starts like UTF-16).
                if end - p < 4 && !final { return p }
                if let encoding = Self.wideEncoding(byteOrderMark: UnsafeRawBufferPointer(start: p, count: min(4, end - p))) {
                    fatal = .notText(file: file, line: 1, reason: "\(encoding) (save it as UTF-8)")
                    return end
                }
                if end - p >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { p += 3 }
            }
            let nlRaw = FieldScan.find(p, 0x0A, end - p)
            let lineEnd = nlRaw ?? end
            // Checked whether or not its line end is here yet, so that how the bytes
            // arrive does not matter (and the message does not list a megabyte of names).
            if lineEnd - p > Self.maxRecordBytes {
                fatal = .noHeader(file: file, line: line + 1, reason: "the first line is longer than 1 MiB")
                return end
            }
            guard nlRaw != nil || final else { return p }
            let text = UnsafeBufferPointer(start: p, count: lineEnd - p)
            let next = nlRaw == nil ? end : lineEnd + 1
            line += 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
                p = next
                if p >= end {
                    if final { fatal = .empty(file: file) }
                    return end
                }
                continue
            }
            if text.contains(0) {
                let encoding = Self.wideEncoding(ofText: UnsafeRawBufferPointer(text))
                fatal = .notText(file: file, line: line,
                                 reason: encoding.map { "it contains NUL bytes: \($0), without a byte order mark (save it as UTF-8)" }
                                    ?? "it contains NUL bytes (binary data)")
                return end
            }
            if text.count >= 5 && text.count <= 6 && (text[0] | 0x20) == 0x73 && (text[1] | 0x20) == 0x65
                && (text[2] | 0x20) == 0x70 && text[3] == 0x3D && forcedDelimiter == nil {
                forcedDelimiter = text[4]
                p = next
                continue
            }
            let delimiter = forcedDelimiter ?? ColumnLayout.delimiter(ofHeader: text)
            let names = ColumnLayout.splitHeader(text, delimiter: delimiter)
            if let columnNames {
                return layOutColumns(columnNames, line: text, p, next)
            }
            let dataFirst = looksLikeData(names) || looksLikeData(ColumnLayout.splitHeader(text, delimiter: 0x3B))
            if dataFirst {
                // No header: the rows are read by their shape, from this line on.
                line -= 1
                let sample = [Array(text)]
                guard let shape = HeaderlessLayout.detect(sample, delimiter: forcedDelimiter, format: dateFormat) else {
                    if let dateFormat {
                        fatal = .badOverride(file: file, line: line + 1, reason: "no column reads as a time by --date-format "
                            + "'\(TextSanitizer.clean(dateFormat.text))' in the first row (column 1 is '\(names.first ?? "")')")
                        return end
                    }
                    fatal = .noHeader(file: file, line: line + 1,
                                      reason: "the first line is data, but holds no time followed by a number "
                                          + "(expected a header such as Date,Close, or say it with --columns)")
                    return end
                }
                do throws(LoadError) {
                    var found = try ColumnLayout.detect(header: shape.names, delimiter: shape.delimiter, options: options, file: file)
                    found.source = shape.source
                    found.readAs = shape.readAs
                    found.dateFormat = dateFormat
                    layout = found
                } catch {
                    fatal = error
                }
                return p
            }
            do throws(LoadError) {
                var found = try ColumnLayout.detect(header: names, delimiter: delimiter, options: options, file: file)
                found.dateFormat = dateFormat
                layout = found
            } catch {
                fatal = error
            }
            return next
        }
    }

    /// The layout `--columns` names, on the first non-blank line `text` (from `p` to `next`):
    /// a header, skipped, unless its time column reads as a time. Returns where the rows start.
    mutating func layOutColumns(_ columnNames: [String], line text: UnsafeBufferPointer<UInt8>, _ p: UnsafePointer<UInt8>,
                                _ next: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        do throws(LoadError) {
            var found = try ColumnLayout.detect(header: columnNames, delimiter: forcedDelimiter ?? HeaderlessLayout.delimiter([Array(text)]),
                                                options: options, file: file)
            let fields = ColumnLayout.splitHeader(text, delimiter: found.delimiter)
            let dataFirst = found.timeIndex < fields.count && looksLikeData([fields[found.timeIndex]])
            found.source = "columns as --columns names them" + (dataFirst ? ", no header" : ", the header skipped")
            found.dateFormat = dateFormat
            layout = found
            guard dataFirst else { return next }
            line -= 1
            return p
        } catch {
            fatal = error
            return next
        }
    }

    /// A header whose first field reads as a date is a data row (a file without header).
    func looksLikeData(_ names: [String]) -> Bool {
        guard var first = names.first, !first.isEmpty else { return false }
        return first.withUTF8 { u in
            guard let b = u.baseAddress else { return false }
            if case .success = TimestampParser.parse(b, b + u.count) { return true }
            if let dateFormat, case .success = dateFormat.parse(b, b + u.count) { return true }
            return false
        }
    }

    /// Decides, on the first data row, whether rows carry an unnamed time column.
    mutating func confirmLayout(fields: Int, date: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                                probe: (UnsafePointer<UInt8>, UnsafePointer<UInt8>)) {
        guard let lay = layout else { return }
        layoutConfirmed = true
        guard lay.clockIndex < 0, fields == lay.columns.count + 1, probe.1 > probe.0,
              TimestampParser.timeOfDay(probe.0, probe.1) >= 0,
              case .success = TimestampParser.parse(date.0, date.1, allowTime: false) else { return }
        layout = lay.withUnnamedClockColumn()
    }
}
