import ArgumentParser

/// The `--content` option shared by the commands that read a site project.
struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The content folder of the site project.", valueName: "dir"))
    var content = "Content"
}
