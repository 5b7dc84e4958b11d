module tinyshed.org/tinystore/bench/clients

go 1.19

require tinyshed.org/tinystore/locks v0.0.0

replace tinyshed.org/tinystore/locks => ../../../clients/go
