package io.engram.dream;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One intended change of a dream run, with the full text before and after of every file it touches,
 * so that a dry run can show it as a diff and the undo journal knows what to snapshot. Paths are
 * relative to the memory directory.
 */
sealed interface DreamChange {

  /** The files this change writes, creates or trashes. */
  List<FileEdit> edits();

  /** One line saying what and why, shown above the diff. */
  String summary();

  /** A new topic file. */
  record Create(String path, String content, String reason) implements DreamChange {
    @Override
    public List<FileEdit> edits() {
      return List.of(new FileEdit(path, Optional.empty(), Optional.of(content)));
    }

    @Override
    public String summary() {
      return "create " + path + ": " + reason;
    }
  }

  /** A topic file rewritten in place (new knowledge, absolute dates, a stale flag). */
  record Update(String path, String before, String after, String reason) implements DreamChange {
    @Override
    public List<FileEdit> edits() {
      return List.of(new FileEdit(path, Optional.of(before), Optional.of(after)));
    }

    @Override
    public String summary() {
      return "update " + path + ": " + reason;
    }
  }

  /** Near-duplicates merged into {@code target}; each source then goes to the trash. */
  record Merge(String target, String targetBefore, String targetAfter, List<FileEdit> sources, String alike)
      implements DreamChange {
    public Merge {
      sources = List.copyOf(sources);
      for (FileEdit s : sources) {
        if (s.before().isEmpty() || s.after().isPresent()) {
          throw new IllegalArgumentException("merge source " + s.path() + " must be an existing file going to the trash");
        }
      }
    }

    @Override
    public List<FileEdit> edits() {
      List<FileEdit> out = new ArrayList<>();
      out.add(new FileEdit(target, Optional.of(targetBefore), Optional.of(targetAfter)));
      out.addAll(sources);
      return out;
    }

    @Override
    public String summary() {
      List<String> names = sources.stream().map(FileEdit::path).toList();
      return "merge " + String.join(", ", names) + " into " + target + ": near-duplicates (" + alike + ")";
    }
  }

  /** An older memory marked superseded by a newer one; it is kept, with its frontmatter changed. */
  record Supersede(String path, String before, String after, String supersededBy, String reason)
      implements DreamChange {
    @Override
    public List<FileEdit> edits() {
      return List.of(new FileEdit(path, Optional.of(before), Optional.of(after)));
    }

    @Override
    public String summary() {
      return "supersede " + path + " by " + supersededBy + ": " + reason;
    }
  }

  /** A topic file moved to the trash (kept there for the retention period). */
  record Trash(String path, String before, String reason) implements DreamChange {
    @Override
    public List<FileEdit> edits() {
      return List.of(new FileEdit(path, Optional.of(before), Optional.empty()));
    }

    @Override
    public String summary() {
      return "trash " + path + ": " + reason;
    }
  }

  /** The index rewritten by {@link IndexPruner}. */
  record IndexPrune(String path, String before, String after, List<RemovedLine> removed) implements DreamChange {
    public IndexPrune {
      removed = List.copyOf(removed);
    }

    @Override
    public List<FileEdit> edits() {
      return List.of(new FileEdit(path, Optional.of(before), Optional.of(after)));
    }

    @Override
    public String summary() {
      return "prune " + path + ": " + removed.size() + " line(s) dropped";
    }
  }
}
