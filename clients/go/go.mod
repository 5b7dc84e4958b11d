module tinyshed.org/tinystore/locks

go 1.19
