package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.ChangedBy;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.MemoryEdit;
import io.engram.memory.ProjectMemory;
import io.engram.memory.Saved;
import io.engram.memory.StoredMemory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code engram edit NAME}: opens a copy of the memory in the editor and saves it only if it is still a
 * valid memory of the same name; the stored file is never the one being edited.
 */
@Examples({
    "engram edit api-port",
    "engram edit --editor nano api-port"})
@Command(name = "edit", mixinStandardHelpOptions = true,
    description = {
      "Edit a memory in $VISUAL or $EDITOR (default vi).",
      "The edit is checked on save: an invalid file is re-opened (on a terminal) or refused; the stored memory"
          + " stays as it was until a valid save."})
public final class EditCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The memory's name.")
  String name;

  @Option(names = "--editor", paramLabel = "CMD", description = "Editor command (default: $VISUAL, $EDITOR, vi).")
  String editor;

  @Override
  public Integer call() throws IOException {
    ProjectMemory store = MemoryAccess.open(spec);
    StoredMemory current = store.read(name)
        .orElseThrow(() -> new UserFacingException("no memory named '" + name + "'"));
    String original = Files.readString(current.path(), StandardCharsets.UTF_8);
    Path temp = Files.createTempFile("engram-edit-", ".md");
    PrintWriter out = spec.commandLine().getOut();
    try {
      Files.writeString(temp, original, StandardCharsets.UTF_8);
      while (true) {
        TextEditor.open(editor, temp);
        String edited = Files.readString(temp, StandardCharsets.UTF_8);
        if (edited.equals(original)) {
          out.println("no changes to '" + current.name() + "'");
          out.flush();
          return 0;
        }
        String problem;
        try {
          Saved saved = store.write(MemoryEdit.checked(edited, current), ChangedBy.CLI);
          out.printf("saved '%s' -> %s%n", saved.stored().name(), saved.stored().path());
          if (!saved.redacted().isEmpty()) {
            out.println("redacted before writing: "
                + String.join(", ", saved.redacted().stream().map(k -> k.label()).toList()));
          }
          out.flush();
          return 0;
        } catch (InvalidMemoryException | IllegalArgumentException e) {
          problem = e.getMessage();
        }
        if (!askToRetry(problem)) {
          throw new UserFacingException("not saved: " + problem + "; '" + current.name() + "' is unchanged");
        }
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  private boolean askToRetry(String problem) throws IOException {
    if (System.console() == null) {
      return false;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println("engram: " + problem);
    err.print("Edit again? [Y/n] ");
    err.flush();
    String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    return answer != null && !answer.strip().toLowerCase(Locale.ROOT).startsWith("n");
  }
}
