-- The default setup of a SQL block: the seed's chats table, before the block runs on it.
create table chats (id integer primary key, summary text);
insert into chats (id, summary) values (42, null);
-- doctest: the block
