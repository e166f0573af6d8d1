package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.Engram;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.review.Inbox;
import io.engram.review.Proposal;
import io.engram.review.ProposedChange;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram inbox [show|accept|reject]}: what extraction and the dream propose, for the person to review. */
@Examples({
    "engram inbox list",
    "engram inbox accept 3f2a"})
@Command(name = "inbox", mixinStandardHelpOptions = true,
    description = {"Review what extraction and the dream propose before it becomes memory.",
        "With memory.review set to propose in settings.json, the extraction pass and the dream write nothing"
            + " themselves: each memory they would create, add to, merge or trash waits here. 'list' shows what is"
            + " waiting; 'show ID' prints a proposal whole, 'accept ID' writes it (after"
            + " --edit, with your changes) keeping its provenance, 'reject ID' drops it for good. An ID may be"
            + " shortened to any prefix only it has."},
    subcommands = {InboxCommand.ListWaiting.class, InboxCommand.Show.class, InboxCommand.Accept.class, InboxCommand.Reject.class})
public final class InboxCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code engram inbox list}. */
  @Examples({
      "engram inbox list",
      "engram inbox list --json"})
  @Command(name = "list", mixinStandardHelpOptions = true, description = "List the proposals waiting, oldest first.")
  static final class ListWaiting implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin JsonOption json;

    /** What {@code --json} prints. */
    record Waiting(List<Proposal> proposals) {}

    @Override
    public Integer call() throws IOException {
      List<Proposal> waiting = MemoryAccess.engram(spec).inbox().pending();
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Waiting(waiting));
        return 0;
      }
      if (waiting.isEmpty()) {
        out.println("the inbox is empty");
      }
      for (Proposal p : waiting) {
        out.printf("%s  %s  %s: %s%n", p.id(), p.at(), p.origin().name().toLowerCase(Locale.ROOT), p.summary());
      }
      out.flush();
      return 0;
    }
  }


  /** {@code engram inbox show ID}. */
  @Examples({
      "engram inbox show 3f2a"})
  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "Print one proposal: what it would do, why, and each memory it would write.")
  static final class Show implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin JsonOption json;

    @Parameters(paramLabel = "ID", description = "The proposal's id, or a prefix only it has.")
    String id;

    @Override
    public Integer call() throws IOException {
      Proposal p = MemoryAccess.engram(spec).inbox().find(id);
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, p);
        return 0;
      }
      out.printf("%s (%s, %s%s)%n%s%nwhy: %s%n", p.id(), p.origin().name().toLowerCase(Locale.ROOT),
          p.at(), p.session().map(s -> ", session " + s).orElse(""), p.summary(), p.reason());
      for (ProposedChange c : p.changes()) {
        if (c instanceof ProposedChange.Write w) {
          out.printf("%n%s '%s':%n%s%s", w.before().isPresent() ? "rewrite" : "create", w.name(), w.after(),
              w.after().endsWith("\n") ? "" : System.lineSeparator());
        } else {
          out.printf("%ntrash '%s'%n", c.name());
        }
      }
      out.flush();
      return 0;
    }
  }

  /** {@code engram inbox accept ID [--edit]}. */
  @Examples({
      "engram inbox accept 3f2a",
      "engram inbox accept --edit 3f2a"})
  @Command(name = "accept", mixinStandardHelpOptions = true,
      description = {"Write what the proposal proposes, keeping the provenance the engine gave it.",
          "--edit opens the memory in $VISUAL or $EDITOR first (or --file names the edited topic file): its"
              + " description, body and type are taken, its name and provenance kept. A proposal overtaken by a"
              + " change to its memory since is refused, never written over it."})
  static final class Accept implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin JsonOption json;

    @Parameters(paramLabel = "ID", description = "The proposal's id, or a prefix only it has.")
    String id;

    @Option(names = "--edit", description = "Edit the memory before it is written.")
    boolean edit;

    @Option(names = "--file", paramLabel = "FILE", description = "The edited topic file to write instead.")
    Path file;

    @Option(names = "--editor", paramLabel = "CMD", description = "Editor command (default: $VISUAL, $EDITOR, vi).")
    String editor;

    /** What {@code --json} prints. */
    record Accepted(String id, List<String> written) {}

    @Override
    public Integer call() throws IOException {
      Engram engram = MemoryAccess.engram(spec);
      Inbox inbox = engram.inbox();
      Optional<String> edited = Optional.empty();
      if (file != null) {
        edited = Optional.of(Files.readString(file, StandardCharsets.UTF_8));
      } else if (edit) {
        edited = Optional.of(edited(inbox.find(id)));
      }
      Proposal p = inbox.find(id);
      List<String> written = inbox.accept(p.id(), edited, engram.memory());
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Accepted(p.id(), written));
        return 0;
      }
      out.printf("accepted %s: %s%n", p.id(), String.join(", ", written));
      out.flush();
      return 0;
    }

    private String edited(Proposal p) throws IOException {
      Path temp = Files.createTempFile("engram-inbox-", ".md");
      try {
        Files.writeString(temp, p.main().map(ProposedChange.Write::after).orElseThrow(() ->
            new io.engram.cli.global.UserFacingException("proposal " + p.id() + " writes no memory to edit")),
            StandardCharsets.UTF_8);
        TextEditor.open(editor, temp);
        return Files.readString(temp, StandardCharsets.UTF_8);
      } finally {
        Files.deleteIfExists(temp);
      }
    }
  }

  /** {@code engram inbox reject ID...}. */
  @Examples({
      "engram inbox reject 3f2a 9b1c"})
  @Command(name = "reject", mixinStandardHelpOptions = true,
      description = "Drop proposals: nothing is written, and the same proposal is not made again.")
  static final class Reject implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin JsonOption json;

    @Parameters(arity = "1..*", paramLabel = "ID", description = "The proposals' ids, or prefixes only they have.")
    List<String> ids;

    /** What {@code --json} prints. */
    record Rejected(List<String> ids) {}

    @Override
    public Integer call() throws IOException {
      Inbox inbox = MemoryAccess.engram(spec).inbox();
      List<String> done = new ArrayList<>();
      for (String id : ids) {
        done.add(inbox.reject(id).id());
      }
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Rejected(done));
        return 0;
      }
      out.println("rejected " + String.join(", ", done));
      out.flush();
      return 0;
    }
  }
}
