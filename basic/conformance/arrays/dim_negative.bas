10 REM DIM with a negative size is an Illegal function call
20 DIM A(-1)
