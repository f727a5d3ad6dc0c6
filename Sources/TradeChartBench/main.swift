// `make bench`: runs every benchmark section and prints one table per section.
// `TradeChartBench raster viewer` runs only the sections named (start, first, process, compressed,
// load, decimal, raster, viewer, indicators, pixels, terminal, overview, follow), in that order;
// `indicator-frames` runs the frames of section indicators alone, `indicator-pass` its first row alone.
import Glibc
if LoadBenchmark.runChildModeIfAsked(CommandLine.arguments) { exit(0) }
let wanted = Set(CommandLine.arguments.dropFirst())
func runs(_ name: String) -> Bool { wanted.isEmpty || wanted.contains(name) }
print("tradechart benchmarks (medians; the machine is shared, so read ratios rather than single figures)")
let table = BenchTable()
// First, while this process is still small: a child's peak RSS starts at its parent's
// (Linux keeps ru_maxrss across exec), so later sections would inflate it.
if runs("start") { StartBenchmark.run(table: table) }
if runs("first") { FirstFrameBenchmark.run(table: table) }
if runs("process") { ProcessBenchmark.run(table: table) }
// Compressed too spawns the program and reads its peak RSS: before the sections that load files in this process.
if runs("compressed") { CompressedBenchmark.run(table: table) }
if runs("load") { LoadBenchmark.run(table: table) }
if runs("decimal") { DecimalCommaBenchmark.run(table: table) }
if runs("raster") { RasterBenchmark.run(table: table) }
if runs("viewer") { ViewerBenchmark.run(table: table) }
if runs("indicators") { IndicatorBenchmark.run(table: table) }
// Not in the whole run (section "indicators" has these rows): its frames alone, to measure them quickly.
if wanted.contains("indicator-frames") { IndicatorBenchmark.runFrames(table: table) }
if wanted.contains("indicator-pass") { IndicatorBenchmark.runPass(table: table) }
if runs("pixels") { PixelBenchmark.run(table: table) }
if runs("terminal") { TerminalBenchmark.run(table: table) }
if runs("overview") { OverviewBenchmark.run(table: table) }
// Last: they follow files of 1e7 rows (the program in tmux, then the core in this process).
if runs("follow") {
    FollowingBenchmark.run(table: table)
    AppendBenchmark.run(table: table)
}
table.print()
