package io.engram.ui;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.config.UiSettings;
import io.engram.memory.ProjectMemory;
import io.engram.review.Inbox;
import io.engram.review.NoSuchProposalException;
import io.engram.review.Proposal;
import io.engram.review.StaleProposalException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The review inbox in the UI's JSON API: the proposals waiting, and accepting (with the memory edited or not) or
 * rejecting one, each the same call as {@code engram inbox list}, {@code accept} and {@code reject}.
 */
final class InboxApi {
  private final Inbox inbox;
  private final ProjectMemory memory;
  private final UiSettings settings;

  InboxApi(UiProject project, UiSettings settings) {
    this.settings = settings;
    this.memory = project.memory();
    this.inbox = project.inbox();
  }

  /** The proposals waiting, oldest first. */
  record Waiting(List<Proposal> proposals) {}

  /** What an accept wrote, or what a reject dropped. */
  record Reviewed(String id, List<String> written) {}

  void answer(UiExchange x, String route) throws IOException, UiExchange.Refusal {
    boolean get = x.method().equals("GET") || x.method().equals("HEAD");
    try {
      switch (route) {
        case "inbox" -> {
          if (!get) {
            throw new UiExchange.Refusal(405, "read with GET");
          }
          x.json(200, new Waiting(inbox.pending()));
        }
        case "inbox/accept" -> {
          JsonNode body = post(x, get);
          JsonNode edited = body.get("edited");
          Optional<String> text = edited == null || edited.isNull() ? Optional.empty()
              : Optional.of(UiExchange.field(body, "edited"));
          Proposal p = inbox.find(UiExchange.field(body, "id"));
          x.json(200, new Reviewed(p.id(), inbox.accept(p.id(), text, memory)));
        }
        case "inbox/reject" -> x.json(200, new Reviewed(inbox.reject(UiExchange.field(post(x, get), "id")).id(),
            List.of()));
        default -> throw new UiExchange.Refusal(404, "no API " + route);
      }
    } catch (NoSuchProposalException e) {
      throw new UiExchange.Refusal(404, e.getMessage());
    } catch (StaleProposalException e) {
      throw new UiExchange.Refusal(409, e.getMessage());
    } catch (io.engram.memory.InvalidMemoryException e) {
      throw new UiExchange.Refusal(400, "the edited memory does not read: " + e.getMessage());
    }
  }

  private JsonNode post(UiExchange x, boolean get) throws IOException, UiExchange.Refusal {
    if (get) {
      throw new UiExchange.Refusal(405, "change with POST");
    }
    return x.jsonBody(settings.maxRequestBytes()); // an edited memory with its frontmatter
  }
}
