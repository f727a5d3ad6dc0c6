/// What became of the columns the viewer asked the host to read (`loadBars`).
public enum BarLoad: Sendable, Equatable {
    /// The file read again with them: the series (as it is now) and its columns.
    case loaded(LoadedSeries)
    /// They could not be read; the text says why.
    case failed(String)
}
