/// Every subcommand of `gestured`, in the order `gestured --help` lists them.
var subcommands: [any Subcommand.Type] {
  [
    RunCommand.self,
    PreviewCommand.self,
    CheckCommand.self,
    DetectCommand.self,
    TrackCommand.self,
    ClassifyCommand.self,
    EventsCommand.self,
    TrainCommand.self,
    DevicesCommand.self,
    RecordCommand.self,
    BenchCommand.self,
    PlayersCommand.self,
    VersionCommand.self,
  ]
}
