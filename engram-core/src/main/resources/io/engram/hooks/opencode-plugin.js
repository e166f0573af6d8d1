// engram: written by 'engram hooks install --agent opencode'; 'engram hooks uninstall --agent opencode' removes it.
// OpenCode has plugins, not command hooks: this one calls 'engram hook --agent opencode EVENT' with Claude Code's
// hook input on stdin, and hands Engram the session (as 'opencode export' prints it) when a turn ends and before a
// compaction, so Engram learns from it. What Engram recalls is added to the system prompt of the session's next
// call. A failing Engram never fails OpenCode: every call is nothrow, and an answer that is not JSON is ignored.
const ENGRAM = @ENGRAM_WORDS@

export const EngramPlugin = async ({ client, $, directory }) => {
  const context = new Map()

  const hook = async (event, sessionID, extra = {}) => {
    const input = JSON.stringify({ session_id: sessionID, cwd: directory, hook_event_name: event, ...extra })
    const answer = await $`${ENGRAM} hook --agent opencode ${event} < ${new Response(input)}`.nothrow().quiet().text()
    try {
      return answer.trim() ? JSON.parse(answer).hookSpecificOutput?.additionalContext ?? "" : ""
    } catch {
      return ""
    }
  }

  const session = async (id) => {
    const info = await client.session.get({ path: { id } })
    const messages = await client.session.messages({ path: { id } })
    return { info: info.data, messages: messages.data ?? [] }
  }

  const remember = (sessionID, added) => {
    if (added) context.set(sessionID, added)
  }

  return {
    event: async ({ event }) => {
      if (event.type === "session.created") {
        const id = event.properties.info.id
        remember(id, await hook("SessionStart", id, { source: "startup" }))
      } else if (event.type === "session.idle") {
        const id = event.properties.sessionID
        await hook("Stop", id, { transcript: await session(id) })
      }
    },
    "chat.message": async (input, output) => {
      const prompt = output.parts.filter((p) => p.type === "text").map((p) => p.text).join("\n")
      if (prompt) remember(input.sessionID, await hook("UserPromptSubmit", input.sessionID, { prompt }))
    },
    "experimental.chat.system.transform": async (input, output) => {
      const added = context.get(input.sessionID ?? "")
      if (added) output.system.push(added)
    },
    "experimental.session.compacting": async (input) => {
      await hook("PreCompact", input.sessionID, { trigger: "auto", transcript: await session(input.sessionID) })
    },
  }
}
