package chain
import ("testing";"context")
func BenchmarkTmp60(b *testing.B){
 for range b.N { NewSolver(true).Value(context.Background(), NewPosition([]int{60}), true) }
}
func BenchmarkTmp60D(b *testing.B){
 for range b.N { NewSolver(false).Value(context.Background(), NewPosition([]int{60}), true) }
}
