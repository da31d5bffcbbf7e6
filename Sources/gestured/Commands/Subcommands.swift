/// Every subcommand of `gestured`, in the order `gestured --help` lists them.
var subcommands: [any Subcommand.Type] {
  [
    TrainCommand.self,
  ]
}
