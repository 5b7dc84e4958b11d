-- doctest: the sql block that starts: begin;
-- The tables the block writes beside the seed's chats table (which chat.db holds, with chat 42's row): chat 42's fence
-- row at fence 7, and its topics. The block's parameters are unbound here (null), so its fenced update changes no
-- row; what this run proves is that the block is SQLite that runs on them.
create table chat_fences (chat_id text primary key, fence text);
create table chat_topics (chat_id text, topic text);
insert into chat_fences (chat_id, fence) values ('42', '0000000000000000000000000000000000000007');
-- doctest: the block
