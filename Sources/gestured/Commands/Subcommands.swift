/// Every subcommand of `gestured`, in the order `gestured --help` lists them.
var subcommands: [any Subcommand.Type] {
  [
    DetectCommand.self,
    TrackCommand.self,
    CheckCommand.self,
    DevicesCommand.self,
    RecordCommand.self,
    BenchCommand.self,
  ]
}
