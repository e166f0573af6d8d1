package io.engram.ui;

import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.history.PastSessions;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import io.engram.model.CostGovernor;
import io.engram.recall.MemoryRecall;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What the web UI reads and changes for one project: the same objects the command line uses, opened by
 * whoever mounts the UI (the resident service), so that the UI has no second implementation of anything.
 */
public interface UiProject {
  /** The project's directory. */
  Path directory();

  /** The Engram home, where per-session state is kept ({@code <home>/sessions/<id>/}). */
  Path engramHome();

  /** The settings in force. */
  EngramSettings settings();

  /** The project's and the user's memories, merged as every surface sees them. */
  ProjectMemory memory();

  /**
   * Recall as a person's search uses it: the same index and vectors as the hooks, showing up to
   * {@code results} memories, with no re-ranking model (a search must not spend tokens) and nothing recorded
   * as recall use (a person looking is not a memory sent to an agent).
   */
  MemoryRecall search(int results) throws IOException;

  /** The project's dream, with the model and embedder the command line's {@code engram dream} uses. */
  Dream dream();

  /** The instruction loader {@code engram context} uses for the project. */
  InstructionLoader instructions();

  /**
   * The project's past sessions, as {@code engram history} searches them; by default through an index built for
   * each search.
   */
  default PastSessions history() {
    return new PastSessions(memory(), engramHome(), dir -> SearchIndex.inMemory(), settings().recall());
  }

  /** The model token ledger of the home, with the caps in force ({@code engram usage}). */
  CostGovernor usage();

  /** Opens the project at a directory; thrown errors say what could not be read. */
  @FunctionalInterface
  interface Opener {
    /** The project at {@code projectDir}. */
    UiProject open(Path projectDir) throws IOException;
  }
}
