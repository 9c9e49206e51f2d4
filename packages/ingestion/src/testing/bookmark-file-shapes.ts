// Files of the shapes people upload as bookmarks files that the import once misread, cut down to the markup
// that matters.

/** A Wikipedia article saved from the browser: <dl> lists and hundreds of links, and no bookmark at all. */
export const wikipediaArticle = `<!DOCTYPE html>
<html class="client-nojs" lang="en" dir="ltr"><head><meta charset="UTF-8"><title>Glossary of computer science - Wikipedia</title></head>
<body class="mediawiki"><div id="content"><h1 id="firstHeading">Glossary of computer science</h1>
<div class="mw-parser-output"><p>This glossary of computer science is a list of definitions.</p>
<dl class="glossary">
<dt class="glossary" id="abstraction"><dfn class="glossary"><a href="/wiki/Abstraction_(computer_science)" title="Abstraction (computer science)">abstraction</a></dfn></dt>
<dd class="glossary">The process of removing physical details. See also <a href="/wiki/Information_hiding">information hiding</a>.</dd>
<dt class="glossary"><a href="https://en.wikipedia.org/wiki/Algorithm">algorithm</a></dt>
<dd class="glossary">An unambiguous specification of how to solve a class of problems.</dd>
</dl>
<dl><dt><a href="https://en.wikipedia.org/wiki/Array_(data_structure)">Array</a></dt><dd>A data structure.</dd></dl>
<dl><dd><a rel="nofollow" class="external text" href="https://www.example.org/cs-intro">An introduction</a></dd></dl>
</div></div></body></html>`;

/** Safari's export: no outer <DL>, the Reading List (localised, marked by its id) and Favorites as roots. */
export const safariExport = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<HTML>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<Title>Bookmarks</Title>
<H1>Bookmarks</H1>
<DT><H3 FOLDED>Favorites</H3>
<DL><p>
	<DT><A HREF="https://www.apple.com/">Apple</A>
</DL><p>
<DT><H3 FOLDED>Work</H3>
<DL><p>
	<DT><A HREF="https://linear.example/">Linear</A>
</DL><p>
<DT><H3 id="com.apple.ReadingList" FOLDED>Reading List</H3>
<DL><p>
	<DT><A HREF="https://essays.example/queues">Queues, explained</A>
	<DD>Saved from Twitter
</DL><p>
<DT><H3 id="com.apple.ReadingList" FOLDED>Leseliste</H3>
<DL><p>
	<DT><A HREF="https://essays.example/caches">Caches</A>
</DL><p>
</HTML>`;

/** Internet Explorer's export: its toolbar folder "Links" at the top. */
export const internetExplorerExport = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
It will be read and overwritten.
Do Not Edit! -->
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
<DT><H3 FOLDED ADD_DATE="1262304000">Links</H3>
<DL><p>
<DT><A HREF="http://go.microsoft.com/fwlink/?LinkId=68924" ADD_DATE="1262304000" LAST_VISIT="1262304000" LAST_MODIFIED="1262304000">Web Slice Gallery</A>
<DT><H3 FOLDED ADD_DATE="1262304000">Links</H3>
<DL><p>
<DT><A HREF="https://nested-links.example/" ADD_DATE="1262304000">A folder of the user's named Links</A>
</DL><p>
</DL><p>
<DT><A HREF="https://msdn.example/" ADD_DATE="1262304000">MSDN</A>
</DL><p>`;

/** An exporter that closes <DD> and writes the next bookmark without its <DT>. */
export const closedDescriptions = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://first.example/" ADD_DATE="1700000000">First</A>
<DD>About the first, with <a href="https://cited.example/">a link</a> in it</DD>
<A HREF="https://second.example/" ADD_DATE="1700000001">Second</A>
<DD>About the second</DD>
<DT><A HREF="https://third.example/" ADD_DATE="1700000002">Third</A>
</DL><p>`;

/** One URL filed in two folders with a note each, a third time with none, and once with tracking. */
export const duplicateWithNotes = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><H3>Databases</H3>
<DL><p>
<DT><A HREF="https://pg.example/docs/" ADD_DATE="1700000000">PostgreSQL docs</A>
<DD>The manual
</DL><p>
<DT><H3>Reading</H3>
<DL><p>
<DT><A HREF="https://pg.example/docs?utm_source=newsletter" ADD_DATE="1700000100">PostgreSQL docs again</A>
<DD>Chapter 13 on concurrency
<DT><A HREF="https://pg.example/docs" ADD_DATE="1700000200">Third time</A>
<DT><A HREF="https://pg.example/docs/#mvcc" ADD_DATE="1700000300">An anchor of it</A>
<DD>The manual
</DL><p>
</DL><p>`;

/** A single-page app's routes, and anchors of one documentation page. */
export const hashRoutes = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://mail.example/#/inbox" ADD_DATE="1700000000">Inbox</A>
<DT><A HREF="https://mail.example/#/sent" ADD_DATE="1700000001">Sent</A>
<DT><A HREF="https://old.example/#!/settings" ADD_DATE="1700000002">Settings</A>
<DT><A HREF="https://docs.example/guide#install" ADD_DATE="1700000003">Install</A>
<DT><A HREF="https://docs.example/guide#usage" ADD_DATE="1700000004">Usage</A>
</DL><p>`;
