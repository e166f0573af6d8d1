package io.engram.mcp;

import io.engram.Engram;
import io.engram.review.Inbox;
import io.engram.review.Proposal;
import io.engram.review.ProposedChange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code inbox} tool: the review inbox ({@link Inbox}) over MCP, as {@code engram inbox} works it. With {@code
 * memory.review} at PROPOSE, extraction and the dream propose instead of writing; the person, through the agent,
 * lists what waits, reads one proposal, and accepts (optionally with the memory edited) or rejects it.
 */
final class InboxTool {
  private final Engram engram;

  InboxTool(Engram engram) {
    this.engram = engram;
  }

  ToolDef def() {
    return new ToolDef("inbox", "Review inbox", "The review inbox: memories extraction and the dream propose (with"
        + " memory.review at propose) wait here for the person's yes. 'list' shows what waits; 'show' one proposal"
        + " whole; 'accept' writes it, keeping its provenance (with 'edited', a whole topic file whose description,"
        + " body and type replace the proposal's); 'reject' drops it for good. Accept or reject only on the"
        + " person's word.",
        ToolDef.Effect.writes(true, false),
        Schemas.arguments("\"action\":{\"type\":\"string\",\"enum\":[\"list\",\"show\",\"accept\",\"reject\"],"
            + "\"description\":\"list = what waits; show = one proposal whole; accept = write it (the person said"
            + " yes); reject = drop it for good (the person said no)\"},\"id\":{\"type\":\"string\",\"minLength\":1,"
            + "\"description\":\"For show, accept and reject: the proposal's id, or a prefix only it has\"},"
            + "\"edited\":{\"type\":\"string\",\"minLength\":1,\"description\":\"For accept: the memory as the"
            + " person edited it, frontmatter and body\"}", "action"),
        Schemas.object("\"proposals\":{\"type\":\"array\",\"description\":\"With list: what waits\",\"items\":"
            + PROPOSAL + "},\"proposal\":" + PROPOSAL.replace("\"properties\":{", "\"properties\":{\"changes\":{"
                + "\"type\":\"array\",\"description\":\"What accepting writes (write) or trashes (forget)\","
                + "\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"kind\":{\"type\":"
                + "\"string\",\"enum\":[\"write\",\"forget\"]},\"after\":{\"type\":\"string\",\"description\":"
                + "\"The topic file a write leaves\"}},\"required\":[\"name\",\"kind\"]}},")
            + ",\"id\":{\"type\":\"string\",\"description\":\"With accept and reject: the proposal's id\"},"
            + "\"written\":" + Schemas.strings("With accept: the memories written") + ",\"text\":" + Schemas.TEXT,
            "text"),
        call -> run(call.args()));
  }

  /** A proposal as list and show give it. */
  private static final String PROPOSAL = Schemas.object("\"id\":{\"type\":\"string\"},\"origin\":{\"type\":"
      + "\"string\",\"description\":\"What proposed it (extraction, dream)\"},\"at\":{\"type\":\"string\"},"
      + "\"session\":{\"type\":\"string\",\"description\":\"The session it was learnt in; empty when none\"},"
      + "\"summary\":{\"type\":\"string\"},\"reason\":{\"type\":\"string\",\"description\":\"Why, and where the"
      + " words were read from\"}", "id", "origin", "at", "session", "summary", "reason");

  private ToolDef.ToolAnswer run(Arguments args) throws IOException {
    String action = args.requiredString("action");
    Inbox inbox = engram.inbox();
    Map<String, Object> result = new LinkedHashMap<>();
    String text;
    switch (action) {
      case "list" -> {
        List<Proposal> waiting = inbox.pending();
        List<Map<String, Object>> rows = new ArrayList<>();
        StringBuilder lines = new StringBuilder();
        for (Proposal p : waiting) {
          rows.add(row(p));
          lines.append(p.id()).append("  ").append(origin(p)).append(": ").append(p.summary()).append('\n');
        }
        result.put("proposals", rows);
        text = waiting.isEmpty() ? "The review inbox is empty." : lines.toString().strip();
      }
      case "show" -> {
        Proposal p = inbox.find(args.requiredString("id"));
        Map<String, Object> row = row(p);
        List<Map<String, Object>> changes = new ArrayList<>();
        StringBuilder whole = new StringBuilder(p.id() + " (" + origin(p) + "): " + p.summary() + "\nwhy: "
            + p.reason() + "\n");
        for (ProposedChange c : p.changes()) {
          Map<String, Object> change = new LinkedHashMap<>();
          change.put("name", c.name());
          if (c instanceof ProposedChange.Write w) {
            change.put("kind", "write");
            change.put("after", w.after());
            whole.append('\n').append(w.before().isPresent() ? "rewrite '" : "create '").append(w.name())
                .append("':\n").append(w.after());
          } else {
            change.put("kind", "forget");
            whole.append("\ntrash '").append(c.name()).append("'\n");
          }
          changes.add(change);
        }
        row.put("changes", changes);
        result.put("proposal", row);
        text = whole.toString().strip();
      }
      case "accept" -> {
        Proposal p = inbox.find(args.requiredString("id"));
        List<String> written = inbox.accept(p.id(), args.optionalString("edited"), engram.memory());
        result.put("id", p.id());
        result.put("written", written);
        text = "Accepted " + p.id() + ": " + String.join(", ", written) + ".";
      }
      case "reject" -> {
        Proposal p = inbox.reject(args.requiredString("id"));
        result.put("id", p.id());
        text = "Rejected " + p.id() + "; it will not be proposed again.";
      }
      default -> throw new ToolInputException("argument 'action' must be list, show, accept or reject, not '"
          + action + "'");
    }
    result.put("text", text);
    return new ToolDef.ToolAnswer(text, result);
  }

  private static Map<String, Object> row(Proposal p) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", p.id());
    row.put("origin", origin(p));
    row.put("at", p.at().toString());
    row.put("session", p.session().orElse(""));
    row.put("summary", p.summary());
    row.put("reason", p.reason());
    return row;
  }

  private static String origin(Proposal p) {
    return p.origin().name().toLowerCase(Locale.ROOT);
  }
}
