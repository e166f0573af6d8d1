package io.engram.ui;

import io.engram.Engram;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.history.PastSessions;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import io.engram.model.CostGovernor;
import io.engram.notes.NotesStore;
import io.engram.recall.MemoryRecall;
import io.engram.review.Inbox;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What the web UI reads and changes for one project: its {@link Engram}, opened by whoever mounts the UI (the
 * resident service) as for every other surface, so that the UI has no second implementation of anything. The
 * other methods read from it.
 */
public interface UiProject {
  /** The project's Engram, its model use booked on the UI's session. */
  Engram engram();

  /**
   * Recall as a person's search uses it: the same index and vectors as the hooks, showing up to
   * {@code results} memories, with no re-ranking model (a search must not spend tokens) and nothing recorded
   * as recall use (a person looking is not a memory sent to an agent).
   */
  MemoryRecall search(int results) throws IOException;

  /** The model token ledger of the home, with the caps in force ({@code engram usage}). */
  default CostGovernor usage() {
    return new CostGovernor(engramHome(), settings().governor(), engram().clock());
  }

  /** The project's directory. */
  default Path directory() {
    return engram().roots().projectDir();
  }

  /** The Engram home, where per-session state is kept ({@code <home>/sessions/<id>/}). */
  default Path engramHome() {
    return engram().roots().engramHome();
  }

  /** The settings in force. */
  default EngramSettings settings() {
    return engram().settings();
  }

  /** The project's and the user's memories, merged as every surface sees them. */
  default ProjectMemory memory() {
    return engram().memory();
  }

  /** The project's dream, with the model and embedder the command line's {@code engram dream} uses. */
  default Dream dream() {
    return engram().dream();
  }

  /** The instruction loader {@code engram context} uses for the project. */
  default InstructionLoader instructions() {
    return engram().instructions();
  }

  /** The project's past sessions, as {@code engram history} searches them. */
  default PastSessions history() {
    return engram().history();
  }

  /** The session notes kept under the home. */
  default NotesStore notes() {
    return engram().notes();
  }

  /** The project's review inbox. */
  default Inbox inbox() {
    return engram().inbox();
  }

  /** Opens the project at a directory; thrown errors say what could not be read. */
  @FunctionalInterface
  interface Opener {
    /** The project at {@code projectDir}. */
    UiProject open(Path projectDir) throws IOException;
  }
}
