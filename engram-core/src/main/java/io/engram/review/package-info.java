/**
 * The review inbox: a look before a learnt memory is saved.
 *
 * <p>With {@code memory.review} set to {@code PROPOSE}, the extraction pass and the dream write nothing themselves:
 * each memory they would create, add to, merge or trash becomes a {@link io.engram.review.Proposal} in the project's
 * {@link io.engram.review.Inbox}, one JSON file under Engram's home, with a summary, the reason (the words it was
 * read from, the likeness of a merge) and the {@link io.engram.review.ProposedChange}s accepting it makes: whole
 * topic files, frontmatter and provenance included, each with the text it expects to find.
 *
 * <p>A person accepts (optionally after editing the memory's description, body or type), or rejects. Accepting
 * writes as the review ({@code ChangedBy.REVIEW} in the memory's history) and the memory keeps the provenance the
 * engine gave it (source, session, turn, agent, dates). A proposal overtaken by a change since is refused
 * ({@link io.engram.review.StaleProposalException}), never written over that change. A proposal's id is a hash of
 * what it would write, so the same proposal is not made twice, nor made again once rejected. The CLI ({@code engram
 * inbox}), the web UI and the MCP {@code inbox} tool all go through {@link io.engram.review.Inbox}.
 *
 * <p>Where to start: {@link io.engram.review.Inbox#propose}, {@link io.engram.review.Inbox#accept}.
 */
package io.engram.review;
