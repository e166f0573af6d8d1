package io.engram.hooks;

import java.util.ArrayList;
import java.util.List;

/**
 * The text one hook call injects, kept within a character cap: Claude Code replaces an
 * {@code additionalContext} longer than 10,000 characters by a file path and a short preview, so Engram
 * fits what it sends instead. Blocks go in whole while they fit; a block that may be cut is cut at a line
 * boundary; memories that do not fit are named in a closing paragraph that says how to read them. Lengths
 * are counted in UTF-16 code units, as Claude Code (JavaScript) counts them.
 */
final class InjectedContext {
  private final int cap;
  private final StringBuilder text = new StringBuilder();
  /** Why a memory was left out when only the cap kept it out. */
  static final String FOR_ROOM = "to stay under Claude Code's 10,000-character limit";

  private final java.util.Map<String, List<String>> leftOut = new java.util.LinkedHashMap<>();
  private final List<String> cuts = new ArrayList<>();
  private final List<InjectionLedger.Item> sent = new ArrayList<>();
  private final String howToRead;

  /**
   * An empty context of at most {@code cap} characters; {@code howToRead} tells the agent how to get a
   * memory that was left out (the command, the MCP tool).
   */
  InjectedContext(int cap, String howToRead) {
    this.cap = cap;
    this.howToRead = howToRead;
  }

  /** Characters still free for blocks, keeping room for the closing paragraph. */
  int room() {
    return Math.max(0, cap - reserve() - text.length());
  }

  /** Adds {@code block} when it fits whole; false (and nothing added) when it does not. */
  boolean addWhole(String block) {
    if (block.length() > room()) {
      return false;
    }
    text.append(block);
    return true;
  }

  /**
   * Adds as many whole lines of {@code block} as fit within {@code limit} characters (and the room left),
   * then {@code cutNote} when lines were left out; returns the number of lines left out.
   */
  int addLines(String block, int limit, String cutNote) {
    int budget = Math.min(limit, room());
    if (block.length() <= budget) {
      text.append(block);
      return 0;
    }
    String[] lines = block.split("\n", -1);
    int noteRoom = cutNote.length() + 40;
    StringBuilder kept = new StringBuilder();
    int keptLines = 0;
    for (String line : lines) {
      if (kept.length() + line.length() + 1 > budget - noteRoom) {
        break;
      }
      kept.append(line).append('\n');
      keptLines++;
    }
    int omitted = lines.length - keptLines;
    text.append(kept);
    String note = "(" + omitted + " more line" + (omitted == 1 ? "" : "s") + " not shown here: " + cutNote + ")\n\n";
    if (note.length() <= room()) {
      text.append(note);
    } else {
      cuts.add(cutNote);
    }
    return omitted;
  }

  /** Records, for the session's injection ledger, that the memory {@code name} went in, taking {@code chars}. */
  void sent(String name, int chars, String why) {
    sent.add(new InjectionLedger.Item(name, chars, why));
  }

  /** The memories that went in, in order. */
  List<InjectionLedger.Item> sentItems() {
    return List.copyOf(sent);
  }

  /** Records that the memory {@code name} was relevant but left out for room. */
  void leftOut(String name) {
    leftOut(name, FOR_ROOM);
  }

  /** Records that the memory {@code name} was relevant but left out, {@code why} (a clause: "because ..."). */
  void leftOut(String name, String why) {
    leftOut.computeIfAbsent(why, w -> new ArrayList<>()).add(name);
  }

  /** The memories left out, grouped by reason in the order the reasons first came. */
  List<String> leftOutNames() {
    return leftOut.values().stream().flatMap(List::stream).toList();
  }

  /** True when nothing was added and nothing left out. */
  boolean isEmpty() {
    return text.toString().isBlank() && leftOut.isEmpty() && cuts.isEmpty();
  }

  /** The text, with the closing paragraph when something was left out; never longer than the cap. */
  String render() {
    String body = text.toString().strip();
    String closing = closing(cap - body.length() - 2);
    String all = closing.isEmpty() ? body : body.isEmpty() ? closing : body + "\n\n" + closing;
    // The closing paragraph had room kept for it, so this cut never happens; it keeps the bound certain.
    return all.length() <= cap ? all : all.substring(0, cap);
  }

  // Names as many of the memories left out as fit in maxLength, reason by reason, then how many more there are.
  private String closing(int maxLength) {
    if (leftOut.isEmpty() && cuts.isEmpty()) {
      return "";
    }
    StringBuilder tail = new StringBuilder();
    for (String cut : cuts) {
      tail.append(cut).append(". ");
    }
    tail.append(howToRead).append(')');
    StringBuilder out = new StringBuilder("(Engram left out ");
    boolean first = true;
    for (var group : leftOut.entrySet()) {
      List<String> names = group.getValue();
      out.append(first ? "" : "; and ").append(names.size()).append(names.size() == 1 ? " memory" : " memories")
          .append(' ').append(group.getKey()).append(": ");
      first = false;
      int listed = 0;
      for (String name : names) {
        String more = " and " + (names.size() - listed) + " more. ";
        if (out.length() + name.length() + 2 + more.length() + tail.length() > maxLength) {
          break;
        }
        out.append(listed == 0 ? "" : ", ").append(name);
        listed++;
      }
      out.append(listed == names.size() ? "" : (listed == 0 ? "" : " and ") + (names.size() - listed)
          + (listed == 0 ? " of them" : " more"));
    }
    if (!leftOut.isEmpty()) {
      out.append(". ");
    }
    return out.append(tail).toString();
  }

  // Room kept for the closing paragraph: its fixed words, the instructions and a few names.
  private int reserve() {
    return 200 + howToRead.length() + cuts.stream().mapToInt(c -> c.length() + 2).sum();
  }
}
