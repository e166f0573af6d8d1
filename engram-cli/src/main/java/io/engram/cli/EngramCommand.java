package io.engram.cli;

import io.engram.cli.output.Examples;
import io.engram.cli.config.ConfigCommand;
import io.engram.cli.config.ModelsCommand;
import io.engram.cli.config.UsageCommand;
import io.engram.cli.demo.DemoCommand;
import io.engram.cli.global.EngramVersion;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.install.CompletionCommand;
import io.engram.cli.install.InstallCommand;
import io.engram.cli.install.UninstallCommand;
import io.engram.cli.instructions.AddCommand;
import io.engram.cli.instructions.ContextCommand;
import io.engram.cli.instructions.InitCommand;
import io.engram.cli.integration.DaemonCommand;
import io.engram.embeddings.OnnxRuntimeUse;
import io.engram.cli.ui.UiCommand;
import io.engram.cli.integration.HookCommand;
import io.engram.cli.integration.HooksCommand;
import io.engram.cli.integration.McpCommand;
import io.engram.cli.memory.DreamCommand;
import io.engram.cli.memory.EditCommand;
import io.engram.cli.memory.ExportCommand;
import io.engram.cli.memory.ForgetCommand;
import io.engram.cli.memory.ImportCommand;
import io.engram.cli.memory.InboxCommand;
import io.engram.cli.memory.ListCommand;
import io.engram.cli.memory.RecallCommand;
import io.engram.cli.memory.ReindexCommand;
import io.engram.cli.memory.RememberCommand;
import io.engram.cli.memory.RestoreCommand;
import io.engram.cli.memory.ShowCommand;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.RedactedOutput;
import io.engram.cli.session.CompactCommand;
import io.engram.cli.session.ExtractCommand;
import io.engram.cli.session.NotesCommand;
import io.engram.cli.session.HistoryCommand;
import io.engram.cli.session.StatsCommand;
import io.engram.cli.team.TeamCommand;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsException;
import io.engram.fs.ErrorText;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/** The {@code engram} command: the root of every subcommand. */
@Examples({
    "# a first look: a two-session story, offline",
    "engram demo",
    "engram remember --type project \"Deploy the payments API first.\"",
    "engram recall how do we deploy"})
@Command(
    name = "engram",
    mixinStandardHelpOptions = true,
    versionProvider = EngramVersion.class,
    description = "Memory for AI coding agents: instruction files, memories, session notes, recall.",
    subcommands = {
      // Grouped as a user meets them: the demo and install, instruction files, memories, the engines,
      // integrations.
      DemoCommand.class,
      InstallCommand.class,
      UninstallCommand.class,
      ContextCommand.class,
      AddCommand.class,
      InitCommand.class,
      RememberCommand.class,
      ListCommand.class,
      ShowCommand.class,
      EditCommand.class,
      ForgetCommand.class,
      RestoreCommand.class,
      ExportCommand.class,
      ImportCommand.class,
      InboxCommand.class,
      RecallCommand.class,
      ReindexCommand.class,
      NotesCommand.class,
      ExtractCommand.class,
      CompactCommand.class,
      DreamCommand.class,
      StatsCommand.class,
      HistoryCommand.class,
      UsageCommand.class,
      McpCommand.class,
      HookCommand.class,
      HooksCommand.class,
      DaemonCommand.class,
      UiCommand.class,
      TeamCommand.class,
      ConfigCommand.class,
      ModelsCommand.class,
      CompletionCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:error (bad input, I/O failure)", "2:usage error"})
public final class EngramCommand implements Runnable {

  @Mixin GlobalOptions global;

  @Spec CommandSpec spec;

  /** The command over the process's environment. */
  public EngramCommand() {
    this(System.getenv());
  }

  /** The command over the given environment ({@code HOME}, {@code ENGRAM_HOME}, {@code PATH}, ...). */
  EngramCommand(Map<String, String> environment) {
    this.global = new GlobalOptions(environment);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Runs the command line and exits with its exit code. */
  public static void main(String[] args) {
    CommandLine cli = LeanCommandLine.applies(args) ? LeanCommandLine.commandLine(args) : newCommandLine();
    // UTF-8 whatever the locale: with LANG unset Java 17 would write 'Café' as 'Caf?'.
    cli.setOut(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8),
        true));
    cli.setErr(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8),
        true));
    int code = cli.execute(args);
    // Before the exit starts: ONNX Runtime's shutdown hook would free the runtime under a model still loading.
    OnnxRuntimeUse.process().end();
    System.exit(code);
  }

  /** The configured command line; tests call {@code execute} on it directly. */
  public static CommandLine newCommandLine() {
    return newCommandLine(System.getenv());
  }

  /** The configured command line over the given environment, for tests. */
  public static CommandLine newCommandLine(Map<String, String> environment) {
    return configure(new CommandLine(new EngramCommand(environment)));
  }

  /**
   * Error handling, enum parsing, help defaults and redacted output: what the full and the lean command lines share,
   * and the lab's {@code bench} command line too.
   */
  public static CommandLine configure(CommandLine cli) {
    cli.setExecutionExceptionHandler(EngramCommand::handleError);
    cli.setExecutionStrategy(EngramCommand::refuseUnmatched);
    CommandLine.IParameterExceptionHandler usage = cli.getParameterExceptionHandler();
    cli.setParameterExceptionHandler((e, args) -> handleUsageError(e, args, usage));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    offerEnumValuesInLowerCase(cli);
    io.engram.cli.output.ExamplesSection.install(cli);
    // Last, so that every subcommand gets it: the help texts' ${bundle:...} variables are the settings' defaults.
    cli.setResourceBundle(new HelpDefaults(EngramSettings.DEFAULTS));
    return RedactedOutput.install(cli);
  }

  /**
   * Shell completion offers each enum option's values as the help texts spell them and users type them, in
   * lower case ({@code --type user}); picocli would offer the constants' names ({@code USER}). Parsing takes
   * either case.
   */
  static void offerEnumValuesInLowerCase(CommandLine cli) {
    CommandSpec spec = cli.getCommandSpec();
    for (OptionSpec option : List.copyOf(spec.options())) {
      if (option.type().isEnum()) {
        List<String> values = Arrays.stream(option.type().getEnumConstants())
            .map(v -> ((Enum<?>) v).name().toLowerCase(Locale.ROOT)).toList();
        spec.remove(option);
        spec.addOption(option.toBuilder().completionCandidates(values).build());
      }
    }
    cli.getSubcommands().values().forEach(EngramCommand::offerEnumValuesInLowerCase);
  }

  /**
   * Runs the last command the arguments name, unless some argument matched nothing: picocli lets a help option
   * win over an unknown command ({@code engram no-such-command --help} printed the root's help and exited 0), and
   * an unknown command is a usage error (exit 2) whatever follows it. A {@code --project} that names no directory is
   * one too ({@link GlobalOptions#requireProjectDirectory}), unless help was asked for.
   */
  static int refuseUnmatched(CommandLine.ParseResult parsed) {
    GlobalOptions.of(parsed.commandSpec()).startRun();
    CommandLine.ParseResult last = parsed;
    boolean help = false;
    for (CommandLine.ParseResult at = parsed; at != null; at = at.subcommand()) {
      if (!at.unmatched().isEmpty()) {
        throw new CommandLine.UnmatchedArgumentException(at.commandSpec().commandLine(), at.unmatched());
      }
      help |= at.isUsageHelpRequested() || at.isVersionHelpRequested()
          || at.commandSpec().userObject() instanceof CommandLine.HelpCommand;
      last = at;
    }
    // Help reads no project; every command that runs does, so a --project naming no directory stops it here.
    if (!help) {
      GlobalOptions.of(parsed.commandSpec()).requireProjectDirectory(last.commandSpec().commandLine());
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  /**
   * A usage error exits 2 with picocli's message and usage, except in a hook call: Claude Code reads exit 2
   * from a hook as "block" (UserPromptSubmit would erase the prompt, Stop keep the agent going, PreCompact
   * stop the compaction), so {@code engram ... hook ...} says what is wrong in one line and exits 1.
   */
  static int handleUsageError(CommandLine.ParameterException e, String[] args,
      CommandLine.IParameterExceptionHandler usage) throws Exception {
    CommandLine where = e.getCommandLine();
    if (LeanCommandLine.isHookCall(where, args)) {
      PrintWriter err = where.getErr();
      err.println("engram hook: " + e.getMessage());
      err.flush();
      return 1;
    }
    if (java.util.Arrays.asList(args).contains("--json")) {
      JsonOutput.print(where.getOut(), new Failure(e.getMessage(), 2));
      return 2;
    }
    return usage.handleParseException(e, args);
  }

  /**
   * What a command given {@code --json} prints when it fails, on standard output where its result would have
   * been, so that a script reads JSON whatever happened.
   *
   * @param error what went wrong, as the text mode says it
   * @param exitCode the exit code: 1 for an error, 2 for a usage error
   */
  record Failure(String error, int exitCode) {}

  /** True when a command the arguments name was given {@code --json}. */
  private static boolean jsonRequested(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult at = parsed; at != null; at = at.subcommand()) {
      if (at.hasMatchedOption("--json")) {
        return true;
      }
    }
    return false;
  }

  static int handleError(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
    PrintWriter err = cli.getErr();
    boolean expected = e instanceof UserFacingException || e instanceof SettingsException
        || e instanceof IllegalArgumentException || e instanceof java.io.IOException
        || e instanceof java.io.UncheckedIOException;
    if (jsonRequested(parsed)) {
      JsonOutput.print(cli.getOut(), new Failure(expected ? ErrorText.of(e) : "internal error: " + e, 1));
      if (!expected) {
        e.printStackTrace(err);
        err.flush();
      }
      return 1;
    }
    if (expected) {
      err.println(cli.getColorScheme().errorText("engram: " + ErrorText.of(e)));
    } else {
      err.println(cli.getColorScheme().errorText("engram: internal error: " + e));
      e.printStackTrace(err);
    }
    err.flush();
    return 1;
  }
}
