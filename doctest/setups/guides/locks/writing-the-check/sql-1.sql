-- doctest: the sql block that starts: begin;
-- The tables the block writes: chat 42 with its fence row at fence 7. The block's parameters are unbound here
-- (null), so its fenced update changes no row; what this run proves is that the block is SQLite that runs on them.
create table chats (id integer primary key, summary text);
create table chat_fences (chat_id integer primary key, fence text);
create table chat_topics (chat_id integer, topic text);
insert into chats (id, summary) values (42, null);
insert into chat_fences (chat_id, fence) values (42, '0000000000000000000000000000000000000007');
-- doctest: the block
