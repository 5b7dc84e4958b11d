package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

var directorAnswers = bufio.NewReader(os.Stdin)

// askDirector prints a request to the doctest's director and returns once it answered ok.
func askDirector(line string) error {
	fmt.Println(line)
	answer, err := directorAnswers.ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(answer) != "ok" {
		return fmt.Errorf("%s: the director answered %q", line, answer)
	}
	return nil
}
