package io.engram.instructions;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.fs.AppendOnlyLines;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The imports from project files to files outside their repository that the person approved, kept in Engram's home
 * ({@link HomeLayout#approvedImports()}), never in a project: a repository cannot approve its own imports.
 *
 * <p>Why approval: a project file comes with the repository, from whoever wrote it, and what it imports goes into the
 * agent's prompt and so to the model's provider. {@code @~/.aws/credentials} or {@code @../../.ssh/config} in a cloned
 * repository's CLAUDE.md would send the person's own files; Claude Code asks before it follows such an import too. An
 * approval names the importing file and the imported one by their real paths, so it holds for that pair alone.
 */
public final class ImportApprovals {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  /** One approval: the importing project file and the file it may import, both real paths. */
  record Approval(String from, String to) {}

  private final HomeLayout layout;
  private Set<Approval> read;

  private ImportApprovals(HomeLayout layout) {
    this.layout = layout;
  }

  /** The approvals kept in the Engram home {@code engramHome}, read on first use. */
  public static ImportApprovals in(Path engramHome) {
    return new ImportApprovals(HomeLayout.of(Objects.requireNonNull(engramHome, "engramHome")));
  }

  /** True when the person approved {@code importer} importing {@code target} (both real paths). */
  boolean approves(Path importer, Path target) {
    if (read == null) {
      read = readAll();
    }
    return read.contains(new Approval(importer.toString(), target.toString()));
  }

  /**
   * Approves each import that {@code warnings} left out as {@link LoadWarning.Kind#EXTERNAL_IMPORT}, and returns
   * those newly approved; the others (already approved, or no longer there to resolve) are skipped.
   *
   * @throws IOException when the approvals cannot be written
   */
  public List<LoadWarning> approve(List<LoadWarning> warnings) throws IOException {
    List<LoadWarning> added = new ArrayList<>();
    Files.createDirectories(layout.locks());
    try (FileLock lock = FileLock.acquire(layout.approvedImportsLock())) {
      Set<Approval> known = readAll();
      for (LoadWarning w : warnings) {
        Optional<Approval> approval = approvalOf(w);
        if (approval.isPresent() && known.add(approval.get())) {
          AppendOnlyLines.append(layout.approvedImports(), JSON.writeValueAsString(approval.get()));
          added.add(w);
        }
      }
      read = known;
    }
    return added;
  }

  private static Optional<Approval> approvalOf(LoadWarning w) {
    if (w.kind() != LoadWarning.Kind.EXTERNAL_IMPORT || w.importedFrom().isEmpty()) {
      return Optional.empty();
    }
    try {
      Path from = w.importedFrom().get(w.importedFrom().size() - 1).toRealPath();
      return Optional.of(new Approval(from.toString(), w.path().toRealPath().toString()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  // An approvals file that cannot be read approves nothing: the import stays out and says so, the load goes on.
  private Set<Approval> readAll() {
    Set<Approval> out = new HashSet<>();
    try {
      for (String line : AppendOnlyLines.read(layout.approvedImports())) {
        try {
          out.add(JSON.readValue(line, Approval.class));
        } catch (IOException e) {
          // a damaged line approves nothing; the others still count
        }
      }
    } catch (IOException e) {
      return out;
    }
    return out;
  }
}
