10 REM fact 5: float division by zero prints a message, gives the maximum, continues
20 ? 1./0/0
