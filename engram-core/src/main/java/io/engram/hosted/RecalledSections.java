package io.engram.hosted;

import io.engram.Engram;
import io.engram.recall.MemoryRecall;
import io.engram.recall.MemorySection;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Recalled memories as the text every adapter puts before the model, one Markdown section each, as every surface
 * shows them ({@link Engram#present}: a heading {@code ## <name> (<type>)}, with a warning after the type for a
 * memory taken from tool output, then its description and body, each said once). And the way back: which
 * memories a conversation's messages hold, found by those headings wherever they are (a user message an
 * adapter augmented, a recall tool's answer).
 */
public final class RecalledSections {
  private RecalledSections() {}

  /**
   * The memories a conversation holds.
   *
   * @param names the names of the memories whose section is in a message
   * @param bytes the UTF-8 bytes of those sections, each from its heading to the next heading or the end of
   *     its message
   */
  public record Held(Set<String> names, int bytes) {
    public Held {
      names = Set.copyOf(names);
    }
  }

  /**
   * The sections of every memory {@code found} holds, separated by a blank line; "" when it holds none.
   *
   * @throws IOException when a memory cannot be read
   */
  public static String of(MemoryRecall.Outcome found, Engram engram) throws IOException {
    List<String> sections = new ArrayList<>();
    for (RecalledMemory r : found.result().memories()) {
      sections.add(engram.present(r));
    }
    return String.join("\n\n", sections);
  }

  /** The memories whose sections are in {@code messages} (the texts of a conversation's messages). */
  public static Held heldIn(List<String> messages) {
    Set<String> names = new LinkedHashSet<>();
    int bytes = 0;
    for (String text : messages) {
      Matcher m = MemorySection.HEADING.matcher(text);
      boolean found = m.find();
      while (found) {
        names.add(m.group(1));
        int start = m.start();
        found = m.find();
        int end = found ? m.start() : text.length();
        bytes += text.substring(start, end).strip().getBytes(StandardCharsets.UTF_8).length;
      }
    }
    return new Held(names, bytes);
  }
}
