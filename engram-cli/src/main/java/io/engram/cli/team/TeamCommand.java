package io.engram.cli.team;

import io.engram.cli.output.Examples;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ProgressDisplay;
import io.engram.team.SyncReport;
import io.engram.team.TeamMemory;
import io.engram.team.TeamPassword;
import io.engram.team.TeamSchema;
import io.engram.team.TeamUnreachableException;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram team connect|share|remove|sync|resolve|status|migrate}: the project's team memory on PostgreSQL. */
@Examples({
    "engram team connect --url jdbc:postgresql://db.example.com/engram",
    "engram team sync"})
@Command(
    name = "team",
    mixinStandardHelpOptions = true,
    description = {
      "Share memories with a team through PostgreSQL.",
      "The team store is recorded per project (its key comes from the git remote, so every clone of the repository"
          + " meets the same team). Team memories are pulled into a read-only mirror that list, recall, the hooks"
          + " and MCP read as scope 'team', offline too; changes wait in a durable outbox until the database answers."
          + " The password comes from ENGRAM_TEAM_PASSWORD or ~/.pgpass and is never written by Engram."},
    subcommands = {TeamCommand.Connect.class, TeamCommand.Share.class, TeamCommand.Remove.class, TeamCommand.Sync.class,
        TeamCommand.Resolve.class, TeamCommand.Status.class, TeamCommand.Migrate.class})
public final class TeamCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  abstract static class Base implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin JsonOption json;

    TeamMemory team() throws IOException {
      GlobalOptions global = GlobalOptions.of(spec);
      return TeamMemory.of(global.roots(), global.settings(), global.environment(), Clock.systemUTC());
    }

    PrintWriter out() {
      return spec.commandLine().getOut();
    }

    int print(Object value, List<String> lines) {
      PrintWriter out = out();
      if (json.enabled()) {
        JsonOutput.print(out, value);
      } else {
        lines.forEach(out::println);
      }
      out.flush();
      return 0;
    }
  }

  /** {@code engram team connect --url URL}. */
  @Examples({
      "engram team connect --url jdbc:postgresql://db.example.com/engram",
      "engram team connect --url jdbc:postgresql://db.example.com:5433/engram?user=ada"})
  @Command(name = "connect", mixinStandardHelpOptions = true,
      description = {"Record the team store for this project and try it once.",
          "The URL is jdbc:postgresql://HOST[:PORT]/DB[?user=NAME] (the user defaults to $PGUSER, else the login"
              + " name); a URL with a password in it is refused. An unreachable database is recorded anyway:"
              + " shares queue until it answers."})
  static final class Connect extends Base {
    @Option(names = "--url", required = true, paramLabel = "URL", description = "The team database's JDBC URL.")
    String url;

    @Override
    public Integer call() throws IOException {
      String login = GlobalOptions.of(spec).environment().getOrDefault("USER", System.getProperty("user.name"));
      TeamMemory.Connected c = team().connect(url, login);
      String reach = c.unreachable().map(r -> "not reachable now (" + r + "); changes queue until it is")
          .orElse(!c.schemaInstalled() ? "reachable, but the team schema is not installed: an administrator runs"
              + " engram team migrate"
              : "reachable; your role: " + c.role().map(r -> r.id()).orElse("none (ask a maintainer for one)"));
      return print(c, List.of("connected project " + c.link().projectKey() + " to " + c.link().url() + " as "
          + c.link().member() + " (" + (c.passwordFrom().equals("none") ? "no password found in "
          + TeamPassword.ENV + " or ~/.pgpass" : "password from " + c.passwordFrom()) + ")", reach));
    }
  }

  /** {@code engram team share NAME}. */
  @Examples({
      "engram team share api-port"})
  @Command(name = "share", mixinStandardHelpOptions = true,
      description = {"Share one of your memories with the team.",
          "Secrets are redacted again before it leaves; user and feedback memories are personal and never"
              + " shared. With the database down the share is queued and goes out at the next sync."})
  static final class Share extends Base {
    @Parameters(paramLabel = "NAME", description = "The memory's name.")
    String name;

    @Override
    public Integer call() throws IOException {
      TeamMemory.Shared s = team().share(name);
      return print(s, List.of(describe(s)));
    }
  }

  /** {@code engram team remove NAME}. */
  @Examples({
      "engram team remove api-port"})
  @Command(name = "remove", mixinStandardHelpOptions = true,
      description = {"Remove a team memory from the team.",
          "Its author or a maintainer may; the database refuses anyone else and writes the removal to the audit log."
              + " It leaves your mirror at once and every member's at their next sync (at once where the resident"
              + " service runs). With the database down the removal is queued."})
  static final class Remove extends Base {
    @Parameters(paramLabel = "NAME", description = "The team memory's name.")
    String name;

    @Override
    public Integer call() throws IOException {
      TeamMemory.Shared s = team().remove(name);
      return print(s, List.of(describe(s)));
    }
  }

  /** {@code engram team resolve NAME --keep team|conflict|local}. */
  @Examples({
      "engram team resolve api-port --keep team"})
  @Command(name = "resolve", mixinStandardHelpOptions = true,
      description = {"Settle a conflict on a team memory (engram team status lists them).",
          "--keep team keeps the team's version; conflict makes the edit that lost the team's next version; local"
              + " makes your own copy of the memory the team's next version."})
  static final class Resolve extends Base {
    @Parameters(paramLabel = "NAME", description = "The team memory's name.")
    String name;

    @Option(names = "--keep", required = true, paramLabel = "WHICH",
        description = "Which version stays: team | conflict | local")
    TeamMemory.Resolution keep;

    @Override
    public Integer call() throws IOException {
      TeamMemory.Shared s = team().resolve(name, keep);
      return print(s, List.of(describe(s)));
    }
  }

  /** {@code engram team sync [--full]}. */
  @Examples({
      "engram team sync",
      "engram team sync --full"})
  @Command(name = "sync", mixinStandardHelpOptions = true,
      description = {"Send queued changes, then pull the team's changes into the mirror.",
          "Exits 1 when the database is unreachable; nothing queued is lost, the next sync catches up."})
  static final class Sync extends Base {
    @Option(names = "--full", description = "Pull every team memory again and rebuild the mirror.")
    boolean full;

    @Override
    public Integer call() throws IOException {
      SyncReport r;
      ProgressDisplay progress = ProgressDisplay.of(spec, "team sync", json.enabled());
      try {
        r = team().sync(full, step -> progress.phase(step, 0));
      } catch (TeamUnreachableException e) {
        throw new TeamUnreachableMessage(e.getMessage() + "; queued changes stay queued");
      } finally {
        progress.finish();
      }
      List<String> lines = new java.util.ArrayList<>(List.of(String.format(
          "sent %d change(s)%s; pulled %d (%d written, %d removed)%s; %d team memories; %d open conflict(s); %d still"
              + " queued (%d ms)", r.pushed(), r.conflicted() > 0 ? ", " + r.conflicted() + " kept as conflicts" : "",
          r.pulled(), r.written(), r.removed(), r.full() ? ", full" : "", r.teamMemories(), r.openConflicts(),
          r.pending(), r.millis())));
      r.refused().forEach(x -> lines.add("refused: " + x));
      r.skipped().forEach(x -> lines.add("skipped: " + x));
      r.proposals().forEach(x -> lines.add("proposal: " + x));
      return print(r, lines);
    }
  }

  /** {@code engram team status}. */
  @Examples({
      "engram team status",
      "engram team status --json"})
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = {"Show the connection, the last sync, what is queued and the open conflicts.",
          "Read from this machine's files: it works with the database down."})
  static final class Status extends Base {
    @Override
    public Integer call() throws IOException {
      TeamMemory.Status s = team().status();
      List<String> lines = new java.util.ArrayList<>();
      lines.add(s.link().map(l -> "team store: " + l.url() + " as " + l.member()).orElse("not connected (engram team"
          + " connect --url jdbc:postgresql://HOST/DB?user=NAME)"));
      lines.add("project key: " + s.projectKey() + "; mirror " + s.mirror() + " (" + s.teamMemories()
          + " team memories)");
      lines.add("last sync: " + s.lastSync().map(Object::toString).orElse("never")
          + s.lastError().map(e -> "; last try failed: " + e).orElse(""));
      lines.add(s.pending().size() + " change(s) queued" + (s.pending().isEmpty() ? "" : ": "
          + String.join(", ", s.pending())));
      s.refused().forEach(x -> lines.add("refused: " + x));
      s.conflicts().forEach(x -> lines.add("conflict: " + x));
      s.proposals().forEach(x -> lines.add("proposal: " + x));
      return print(s, lines);
    }
  }

  /** {@code engram team migrate}. */
  @Examples({
      "engram team migrate"})
  @Command(name = "migrate", mixinStandardHelpOptions = true,
      description = {"Install or upgrade the team schema (Flyway) at the connected URL.",
          "An administrator's job: connect as the role that is to own the schema first."})
  static final class Migrate extends Base {
    @Override
    public Integer call() throws IOException {
      TeamSchema.Migration m = team().migrate();
      return print(m, List.of("team schema at version " + m.version() + " (" + m.applied() + " migration(s) applied)"));
    }
  }

  static String describe(TeamMemory.Shared s) {
    return switch (s.state()) {
      case "shared" -> "shared '" + s.name() + "' with the team (version " + s.version().orElse(0) + ")"
          + (s.redacted() ? "; secrets were redacted before it left" : "");
      case "resolved" -> "resolved the conflict on '" + s.name() + "' (team version " + s.version().orElse(0) + ")";
      case "removed" -> "removed '" + s.name() + "' from the team (version " + s.version().orElse(0) + "); every"
          + " member's mirror drops it at their next sync";
      case "conflict" -> "conflict on '" + s.name() + "': " + s.detail().orElse("");
      default -> "queued '" + s.name() + "': " + s.detail().orElse("");
    };
  }

  /** An unreachable database, said in one line; the command exits 1. */
  static final class TeamUnreachableMessage extends IOException {
    private static final long serialVersionUID = 1L;

    TeamUnreachableMessage(String message) {
      super(message);
    }
  }
}
