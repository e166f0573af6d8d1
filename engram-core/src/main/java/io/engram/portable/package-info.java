/**
 * Engram's memory carried across machines and homes: a portable bundle out, and the same bundle (or another Engram
 * home) back in, merged by meaning.
 *
 * <p>{@link io.engram.portable.MemoryBundle} is the format: the topic files as they are on disk (Markdown with their
 * frontmatter, so a person can read them and Claude Code too), on request their versions as JSON lines, and a
 * manifest, in a zip file or a directory; reading accepts only the places the format names, so a bundle cannot
 * write outside where it is read into. A zip is read through its central directory, so one cut short is refused rather
 * than read as a smaller bundle, and its files as strict UTF-8; a name beyond ASCII carries Info-ZIP's Unicode Path
 * too ({@code ZipNames}), so that every unzip shows a Chinese memory's file by its name. {@link io.engram.portable.MemoryExport} writes one: one project's memories
 * with the user's, or every project of a home.
 *
 * <p>{@link io.engram.portable.BundleSource} is where such an import reads from: a bundle, or another Engram home;
 * each gives the topic files as they are, with the store each lived in and its versions. (Another agent's own memory
 * comes in through {@code io.engram.imports}.) {@link io.engram.portable.BundleImport} puts them into a project's
 * memory without a second copy of anything: a memory of the same name, or of the same type that says the same (the
 * dream's {@code NearDuplicates}: words, and meaning with an embedder), is merged into what is there; only what is
 * new is created, keeping its provenance and dates, and the versions a source kept become the first of its history.
 * Its report has an outcome per file (created, merged into what, unchanged, skipped with why); a dry run writes
 * nothing. So an export imported into a fresh home gives the same memories, and a second import changes nothing.
 *
 * <p>Where to start: {@link io.engram.portable.MemoryExport#project}, {@link io.engram.portable.BundleImport#run}.
 */
package io.engram.portable;
